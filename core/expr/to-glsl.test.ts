import { describe, expect, it } from "vitest";
import { random } from "../numtheory/test-oracles";
import { compileComplex } from "./compile-complex";
import { FORMULA_OPTIONS, parseExpression } from "./parse";
import {
  COMPLEX_GLSL_FUNCTIONS,
  COMPLEX_GLSL_LIBRARY,
  complexToGlsl,
  GLSL_INFINITY,
  type ComplexGlsl,
  type ComplexGlslFunction,
} from "./to-glsl";

/**
 * The ports below follow the GLSL line for line in doubles, and compileComplex computes by
 * other routes (Smith's division, Math.sinh, its own identities); away from branch cuts the two
 * agree to about 1e-14 relative, far inside this.
 */
const RELATIVE_TOLERANCE = 1e-9;
const POINTS = 200;

type V = [number, number];
type Value = number | V;

function parse(text: string) {
  const parsed = parseExpression(text, FORMULA_OPTIONS);
  if (!parsed.ok) throw parsed.error;
  return parsed.ast;
}

function glslOf(text: string): ComplexGlsl {
  const result = complexToGlsl(parse(text));
  if (!result.ok) throw result.error;
  return result.glsl;
}

// ---- The GLSL library, ported to TypeScript one function at a time (GLSL built-ins as Math). ----

const mod = (x: number, y: number) => x - y * Math.floor(x / y);
const scale = (s: number, [x, y]: V): V => [s * x, s * y];
const plus = ([a, b]: V, [c, d]: V): V => [a + c, b + d];
const minus = ([a, b]: V, [c, d]: V): V => [a - c, b - d];

const rsinh = (x: number) => (Math.abs(x) < 0.01 ? x + (x * x * x) / 6 : (Math.exp(x) - Math.exp(-x)) / 2);
const rcosh = (x: number) => (Math.exp(x) + Math.exp(-x)) / 2;
const cmul = ([a, b]: V, [c, d]: V): V => [a * c - b * d, a * d + b * c];
const cdiv = (a: V, b: V): V => {
  const s = Math.max(Math.abs(b[0]), Math.abs(b[1]));
  const p = scale(1 / s, a);
  const q = scale(1 / s, b);
  const dot = q[0] * q[0] + q[1] * q[1];
  return [(p[0] * q[0] + p[1] * q[1]) / dot, (p[1] * q[0] - p[0] * q[1]) / dot];
};
const cabs = (a: V) => {
  const s = Math.max(Math.abs(a[0]), Math.abs(a[1]));
  return s === 0 ? 0 : s * Math.hypot(a[0] / s, a[1] / s);
};
const cexp = ([x, y]: V): V => scale(Math.exp(x), [Math.cos(y), Math.sin(y)]);
const clog = (a: V): V => {
  const r = cabs(a);
  if (r === 0) return [-Number(GLSL_INFINITY), 0];
  return [Math.log(r), Math.atan2(a[1], a[0])];
};
const cpowi = (a: V, n: number): V => {
  let base = n < 0 ? cdiv([1, 0], a) : a;
  let m = Math.abs(n);
  let result: V = [1, 0];
  for (let k = 0; k < 12; k += 1) {
    if (mod(m, 2) === 1) result = cmul(result, base);
    m = Math.floor(m / 2);
    if (m === 0) break;
    base = cmul(base, base);
  }
  return result;
};
const cpow = (a: V, b: V): V => {
  if (a[0] === 0 && a[1] === 0) {
    if (b[0] === 0 && b[1] === 0) return [1, 0];
    return b[0] > 0 ? [0, 0] : [Number(GLSL_INFINITY), 0];
  }
  return cexp(cmul(b, clog(a)));
};
const csqrt = (a: V): V => {
  const r = cabs(a);
  if (r === 0) return [0, 0];
  const t = Math.sqrt((r + Math.abs(a[0])) / 2);
  if (a[0] >= 0) return [t, a[1] / (2 * t)];
  return [Math.abs(a[1]) / (2 * t), a[1] < 0 ? -t : t];
};
const csin = ([x, y]: V): V => [Math.sin(x) * rcosh(y), Math.cos(x) * rsinh(y)];
const ccos = ([x, y]: V): V => [Math.cos(x) * rcosh(y), -Math.sin(x) * rsinh(y)];
const ctan = ([x, y]: V): V => {
  if (Math.abs(y) > 20) return [2 * Math.sin(2 * x) * Math.exp(-2 * Math.abs(y)), Math.sign(y)];
  const den = Math.cos(2 * x) + rcosh(2 * y);
  return [Math.sin(2 * x) / den, rsinh(2 * y) / den];
};
const csinh = ([x, y]: V): V => [rsinh(x) * Math.cos(y), rcosh(x) * Math.sin(y)];
const ccosh = ([x, y]: V): V => [rcosh(x) * Math.cos(y), rsinh(x) * Math.sin(y)];
const ctanh = (a: V): V => {
  const w = ctan([-a[1], a[0]]);
  return [w[1], -w[0]];
};
const casinh = (a: V): V => {
  const s = a[0] < 0 ? -1 : 1;
  const w = scale(s, a);
  return scale(s, clog(plus(w, csqrt(plus(cmul(w, w), [1, 0])))));
};
const casin = (a: V): V => {
  const w = casinh([-a[1], a[0]]);
  return [w[1], -w[0]];
};
const cacos = (a: V): V => minus([Math.PI / 2, 0], casin(a));
const cacosh = (a: V): V => clog(plus(a, cmul(csqrt(plus(a, [1, 0])), csqrt(minus(a, [1, 0])))));
const catanh = (a: V): V => scale(1 / 2, minus(clog(plus([1, 0], a)), clog(minus([1, 0], a))));
const catan = (a: V): V => {
  const w = catanh([-a[1], a[0]]);
  return [w[1], -w[0]];
};
const csgn = (a: V): V => {
  const r = cabs(a);
  return r === 0 ? [0, 0] : scale(1 / r, a);
};

const PORTS: Record<ComplexGlslFunction, (...args: never[]) => Value> = {
  rsinh,
  rcosh,
  cmul,
  cdiv,
  cabs,
  cexp,
  clog,
  cpowi,
  cpow,
  csqrt,
  csin,
  ccos,
  ctan,
  csinh,
  ccosh,
  ctanh,
  casinh,
  casin,
  cacos,
  cacosh,
  catanh,
  catan,
  csgn,
};

// ---- An interpreter for the expressions complexToGlsl writes, with GLSL's meaning of each operator. ----

/** GLSL's arithmetic: float with float, vec2 with vec2 (component-wise), float with vec2 (applied to each component). */
function arithmetic(op: string, a: Value, b: Value): Value {
  const f = (x: number, y: number) => (op === "+" ? x + y : op === "-" ? x - y : op === "*" ? x * y : x / y);
  if (typeof a === "number" && typeof b === "number") return f(a, b);
  const [a0, a1] = typeof a === "number" ? [a, a] : a;
  const [b0, b1] = typeof b === "number" ? [b, b] : b;
  return [f(a0, b0), f(a1, b1)];
}

function interpret(source: string, z: V, parameters: readonly number[]): Value {
  const tokens = source.match(/\d+\.?\d*(?:e[+-]?\d+)?|\.\d+|\w+|[()+\-*/,]/g)!;
  expect(tokens.join(""), "only numbers, names, ( ) , + − * / in the expression").toBe(source.replace(/\s/g, ""));
  let at = 0;
  const next = () => tokens[at++]!;
  const peek = () => tokens[at];
  const expect_ = (token: string) => expect(next()).toBe(token);
  const expression = (): Value => {
    let value = term();
    while (peek() === "+" || peek() === "-") value = arithmetic(next(), value, term());
    return value;
  };
  const term = (): Value => {
    let value = unary();
    while (peek() === "*" || peek() === "/") value = arithmetic(next(), value, unary());
    return value;
  };
  const unary = (): Value => (peek() === "-" ? (next(), arithmetic("*", -1, unary())) : primary());
  const primary = (): Value => {
    const token = next();
    if (token === "(") {
      const value = expression();
      expect_(")");
      return value;
    }
    if (/^[\d.]/.test(token)) return Number(token);
    if (token === "z") return z;
    const parameter = /^u_param(\d+)$/.exec(token);
    if (parameter) return parameters[Number(parameter[1])]!;
    expect_("(");
    const args: Value[] = [expression()];
    while (peek() === ",") {
      next();
      args.push(expression());
    }
    expect_(")");
    if (token === "vec2")
      return args.length === 1 ? [args[0] as number, args[0] as number] : [args[0] as number, args[1] as number];
    const port = PORTS[token as ComplexGlslFunction];
    expect(port, `a library function named ${token}`).toBeDefined();
    return (port as (...values: Value[]) => Value)(...args);
  };
  const value = expression();
  expect(at).toBe(tokens.length);
  return value;
}

// ---- The reference: compileComplex, with z, i and the parameters in its environment. ----

function reference(text: string, variables: string[]) {
  const f = compileComplex(parse(text), variables);
  const out = { re: 0, im: 0 };
  return (values: V[]): V => {
    f(
      values.map((v) => v[0]),
      values.map((v) => v[1]),
      out,
    );
    return [out.re, out.im];
  };
}

function expectClose(actual: Value, expected: V, context: string) {
  const [re, im] = typeof actual === "number" ? [actual, 0] : actual;
  const size = Math.max(1, Math.hypot(expected[0], expected[1]));
  expect(Math.hypot(re - expected[0], im - expected[1]) / size, context).toBeLessThan(RELATIVE_TOLERANCE);
}

/** The numbers written in GLSL source (not the digits inside names such as vec2). */
const floatLiterals = (source: string) => source.match(/(?<![\w.])(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/g) ?? [];

const next = random(20251122);
const randomPoint = (radius = 3): V => [radius * (2 * next() - 1), radius * (2 * next() - 1)];

describe("complexToGlsl: the code it writes", () => {
  const cases: [string, string][] = [
    ["z", "z"],
    ["2z", "(2.0 * z)"],
    ["z^2 - 1", "(cpowi(z, 2.0) - vec2(1.0, 0.0))"],
    ["1/z", "cdiv(vec2(1.0, 0.0), z)"],
    ["z/4", "(z / 4.0)"],
    ["2 + 3i", "(vec2(2.0, 0.0) + (3.0 * vec2(0.0, 1.0)))"],
    ["z w", "(z * u_param0)"],
    ["a z + b", "((u_param0 * z) + vec2(u_param1, 0.0))"],
    ["sin(z)/z", "cdiv(csin(z), z)"],
    ["-(-a)", "vec2((-(-u_param0)), 0.0)"],
    ["z^-1", "cpowi(z, -1.0)"],
    ["z^(1/2)", "cpow(z, vec2((1.0 / 2.0), 0.0))"],
    ["log_2(z)", "cdiv(clog(z), clog(vec2(2.0, 0.0)))"],
    ["0.25 pi", "vec2((0.25 * 3.141592653589793), 0.0)"],
    ["|z|", "vec2(cabs(z), 0.0)"],
    ["z i", "cmul(z, vec2(0.0, 1.0))"],
  ];
  it.each(cases)("%s → %s", (text, code) => {
    expect(glslOf(text).expression).toBe(code);
  });

  it("makes each other letter a real parameter, numbered in order of first use", () => {
    expect(glslOf("b z^2 + a z + b").parameters).toEqual(["b", "a"]);
    expect(glslOf("z^2 + 2i").parameters).toEqual([]);
    expect(glslOf("θ z").parameters).toEqual(["theta"]);
  });

  it("never writes a float literal GLSL ES 1.00 refuses (digits without a point or exponent)", () => {
    const code = glslOf("3 + 12z^100000 + 7 z^w / 1000000000000000000000000 - 2^z").expression;
    for (const literal of floatLiterals(code)) expect(literal).toMatch(/[.e]/);
    // Beyond fp32's range, the stand-in for ∞.
    expect(glslOf("z + 1" + "0".repeat(40)).expression).toBe(`(z + vec2(${GLSL_INFINITY}, 0.0))`);
  });
});

describe("complexToGlsl: what has no meaning on ℂ is refused where it is written", () => {
  const refusals: [string, string, { start: number; end: number }][] = [
    ["floor(z) + 1", "rounds real numbers", { start: 0, end: 8 }],
    ["3 + mod(z, 2)", "remainder", { start: 4, end: 13 }],
    ["gcd(z, 4)", "whole numbers", { start: 0, end: 9 }],
    ["min(z, 1)", "ℂ has no order", { start: 0, end: 9 }],
    ["z! + 1", "factorial", { start: 0, end: 2 }],
    ["z^2 < 1", "comparison", { start: 0, end: 7 }],
    ["{z > 0: 1, 2}", "piecewise", { start: 0, end: 13 }],
    ["(z, 1)", "tuple", { start: 0, end: 6 }],
  ];
  it.each(refusals)("%s", (text, words, span) => {
    const result = complexToGlsl(parse(text));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toContain(words);
    expect(result.error.span).toEqual(span);
  });
});

describe("the GLSL library, ported to TypeScript, agrees with compileComplex", () => {
  it("has a port of every function, and each function calls only those defined before it", () => {
    const names = Object.keys(COMPLEX_GLSL_FUNCTIONS) as ComplexGlslFunction[];
    expect(Object.keys(PORTS).sort()).toEqual([...names].sort());
    names.forEach((name, index) => {
      const body = COMPLEX_GLSL_FUNCTIONS[name].replace(/^[^{]*/, "");
      for (const called of body.match(/\b[a-z]\w*(?=\()/g) ?? []) {
        const position = names.indexOf(called as ComplexGlslFunction);
        if (position >= 0) expect(position, `${name} calls ${called}`).toBeLessThan(index);
      }
    });
    // The loop counter of cpowi is GLSL's one int; every other number is a float.
    const floats = COMPLEX_GLSL_LIBRARY.replace(/for \(int [^)]*\)/g, "").replace(/\/\/.*$/gm, "");
    for (const literal of floatLiterals(floats)) expect(literal).toMatch(/[.e]/);
  });

  // Each port against the formula compileComplex gives the same meaning; z (and w) random.
  const checks: [ComplexGlslFunction, string, (z: V, w: V) => Value][] = [
    ["cmul", "z w", (z, w) => cmul(z, w)],
    ["cdiv", "z/w", (z, w) => cdiv(z, w)],
    ["cabs", "abs(z)", (z) => cabs(z)],
    ["cexp", "exp(z)", (z) => cexp(z)],
    ["clog", "ln(z)", (z) => clog(z)],
    ["cpowi", "z^7", (z) => cpowi(z, 7)],
    ["cpowi", "z^-3", (z) => cpowi(z, -3)],
    ["cpowi", "z^0", (z) => cpowi(z, 0)],
    ["cpow", "z^w", (z, w) => cpow(z, w)],
    ["csqrt", "sqrt(z)", (z) => csqrt(z)],
    ["csin", "sin(z)", (z) => csin(z)],
    ["ccos", "cos(z)", (z) => ccos(z)],
    ["ctan", "tan(z)", (z) => ctan(z)],
    ["csinh", "sinh(z)", (z) => csinh(z)],
    ["ccosh", "cosh(z)", (z) => ccosh(z)],
    ["ctanh", "tanh(z)", (z) => ctanh(z)],
    ["casinh", "asinh(z)", (z) => casinh(z)],
    ["casin", "asin(z)", (z) => casin(z)],
    ["cacos", "acos(z)", (z) => cacos(z)],
    ["cacosh", "acosh(z)", (z) => cacosh(z)],
    ["catanh", "atanh(z)", (z) => catanh(z)],
    ["catan", "atan(z)", (z) => catan(z)],
    ["csgn", "sign(z)", (z) => csgn(z)],
    // The real helpers, on the real axis (where compileComplex uses Math.sinh and Math.cosh).
    ["rsinh", "sinh(z)", (z) => rsinh(z[0] / 100)],
    ["rcosh", "cosh(z)", (z) => rcosh(z[0])],
  ];
  it.each(checks)("%s ≡ %s", (name, text, port) => {
    const f = reference(text, ["z", "w"]);
    for (let k = 0; k < POINTS; k += 1) {
      const w = randomPoint();
      // rsinh is checked near 0, where it switches to its series, and both real helpers on the real axis.
      const z: V =
        name === "rsinh" ? [randomPoint()[0] / 100, 0] : name === "rcosh" ? [randomPoint()[0], 0] : randomPoint();
      const value = name === "rsinh" ? rsinh(z[0]) : port(z, w);
      expectClose(value, f([z, w]), `${name} at z = ${z}, w = ${w}`);
    }
  });

  it("tan and tanh keep their value far from the axis, where cosh would overflow", () => {
    const tan = reference("tan(z)", ["z"]);
    const tanh = reference("tanh(z)", ["z"]);
    for (const z of [
      [0.3, 25],
      [-1.2, -40],
      [2, 300],
    ] as V[]) {
      expectClose(ctan(z), tan([z]), `tan ${z}`);
      expectClose(ctanh([z[1], z[0]]), tanh([[z[1], z[0]]]), `tanh ${z}`);
    }
  });
});

describe("the written GLSL, run by an interpreter of its operators over the ported library, agrees with compileComplex", () => {
  const formulas = [
    "(z^2 - 1)(z - 2 - i)^2/(z^2 + 2 + 2i)",
    "z^2 + a z + b",
    "sin(z)/z",
    "exp(1/z)",
    "(z^3 - 1)/(z^3 + 1)",
    "sqrt(z) + ln(z) - log(z)",
    "log_2(z) + log_z(3)",
    "cot(z) + sec(z) - csc(z)",
    "cbrt(z) + nthroot(z, a) + nthroot(z, 2 + i)",
    "abs(z) sign(z) + |z - 1|",
    "asin(z) + acos(z) + atan(z)",
    "asinh(z) acosh(z) - atanh(z)",
    "tanh(z) cosh(z) sinh(z)",
    "z^(1/3) + 2^z + z^z + z^a",
    "-(-a) z + a/b - b/z",
    "pi z + e^z - tau + e^(i z)",
    "z^-2 + z^0.5 + (a + b)^2",
    "2i z (1 - i)/(3 + 4i)",
  ];
  it.each(formulas)("%s", (text) => {
    const glsl = glslOf(text);
    const f = reference(text, ["z", "i", ...glsl.parameters]);
    for (let k = 0; k < POINTS; k += 1) {
      const z = randomPoint();
      const parameters = glsl.parameters.map(() => 0.25 + 1.75 * next());
      const expected = f([z, [0, 1], ...parameters.map((p): V => [p, 0])]);
      expectClose(interpret(glsl.expression, z, parameters), expected, `at z = ${z}, parameters ${parameters}`);
    }
  });
});
