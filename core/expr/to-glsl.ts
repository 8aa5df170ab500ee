/**
 * A syntax tree in one complex variable to a GLSL ES 1.00 (WebGL 1) expression, for drawing
 * f(z) on the GPU one pixel at a time (the domain-colouring lab). A complex number is a vec2
 * (re, im); the operations are the functions of COMPLEX_GLSL_FUNCTIONS, principal branches as in
 * ./compile-complex.ts, whose meaning this follows (its tests port each GLSL function to
 * TypeScript and compare it with compileComplex).
 *
 * Names: `z` is the complex variable; `i` is the imaginary unit (the parser reads `i` as a
 * letter, so `2i` is the product 2·i and `zi` is z·i); every other letter is a real parameter, a
 * `uniform float` the page sets from a slider. Sub-trees without z or i stay real (GLSL floats), so
 * `2z` is `2.0 * z`, not a complex product.
 *
 * Refused, with the span of the part to blame: what has no meaning on ℂ (floor, ceil, round, mod,
 * min, max, gcd, lcm, the factorial, comparisons and piecewise definitions; compileComplex
 * computes these on the real axis only and NaN elsewhere, which would paint the plane grey), and
 * tuples and lists. abs z = |z| (a real value) and sign z = z/|z|, as in compileComplex.
 *
 * 32-bit floats: the GPU computes in fp32, so |values| beyond about 3.4·10³⁸ overflow and digits
 * beyond the 7th are lost. GLSL ES 1.00 has no literal for ∞ or NaN: GLSL_INFINITY stands in for
 * ∞, also where compileComplex gives NaN for 0^w with Re w ≤ 0, w ≠ 0 (one point, painted white
 * rather than grey).
 */
import type { ExprNode } from "./ast";
import { CONSTANT_VALUES, ExprCompileError, resolveCall } from "./compile-support";
import type { FunctionName } from "./functions";

export { ExprCompileError } from "./compile-support";

export const COMPLEX_VARIABLE = "z";
export const IMAGINARY_UNIT = "i";
/** The largest float literal GLSL accepts stands for ∞ (domainColour paints anything ≥ it white). */
export const GLSL_INFINITY = "3.4e38";
/** |Im z| beyond which tan z is computed as (2 sin 2x·e^(−2|y|), ±1): cosh 2y would overflow fp32 near 44. */
const TAN_SATURATION = "20.0";
/** `w^n` for a whole number |n| ≤ this is computed by repeated squaring, exactly at w = 0; larger n by exp(n·log w). */
export const MAX_INTEGER_POWER = 4095;

/**
 * The complex library, each function in GLSL ES 1.00 (which has no sinh, cosh or tanh of its
 * own), in an order where each uses only those before it.
 */
export const COMPLEX_GLSL_FUNCTIONS = {
  rsinh: `float rsinh(float x) {
  // The series near 0, where (e^x − e^−x)/2 loses its digits to cancellation.
  if (abs(x) < 0.01) return x + x * x * x / 6.0;
  return (exp(x) - exp(-x)) / 2.0;
}`,
  rcosh: `float rcosh(float x) { return (exp(x) + exp(-x)) / 2.0; }`,
  cmul: `vec2 cmul(vec2 a, vec2 b) { return vec2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }`,
  cdiv: `vec2 cdiv(vec2 a, vec2 b) {
  // Both scaled by the larger part of b, so |b|² neither overflows nor underflows.
  float s = max(abs(b.x), abs(b.y));
  vec2 p = a / s;
  vec2 q = b / s;
  return vec2(p.x * q.x + p.y * q.y, p.y * q.x - p.x * q.y) / dot(q, q);
}`,
  cabs: `float cabs(vec2 a) {
  float s = max(abs(a.x), abs(a.y));
  return s == 0.0 ? 0.0 : s * length(a / s);
}`,
  cexp: `vec2 cexp(vec2 a) { return exp(a.x) * vec2(cos(a.y), sin(a.y)); }`,
  clog: `vec2 clog(vec2 a) {
  float r = cabs(a);
  if (r == 0.0) return vec2(-${GLSL_INFINITY}, 0.0);
  return vec2(log(r), atan(a.y, a.x));
}`,
  cpowi: `vec2 cpowi(vec2 a, float n) {
  vec2 base = n < 0.0 ? cdiv(vec2(1.0, 0.0), a) : a;
  float m = abs(n);
  vec2 result = vec2(1.0, 0.0);
  for (int k = 0; k < ${Math.ceil(Math.log2(MAX_INTEGER_POWER + 1))}; k++) {
    if (mod(m, 2.0) == 1.0) result = cmul(result, base);
    m = floor(m / 2.0);
    if (m == 0.0) break;
    base = cmul(base, base);
  }
  return result;
}`,
  cpow: `vec2 cpow(vec2 a, vec2 b) {
  if (a == vec2(0.0)) {
    if (b == vec2(0.0)) return vec2(1.0, 0.0);
    return b.x > 0.0 ? vec2(0.0) : vec2(${GLSL_INFINITY}, 0.0);
  }
  return cexp(cmul(b, clog(a)));
}`,
  csqrt: `vec2 csqrt(vec2 a) {
  float r = cabs(a);
  if (r == 0.0) return vec2(0.0);
  float t = sqrt((r + abs(a.x)) / 2.0);
  if (a.x >= 0.0) return vec2(t, a.y / (2.0 * t));
  return vec2(abs(a.y) / (2.0 * t), a.y < 0.0 ? -t : t);
}`,
  csin: `vec2 csin(vec2 a) { return vec2(sin(a.x) * rcosh(a.y), cos(a.x) * rsinh(a.y)); }`,
  ccos: `vec2 ccos(vec2 a) { return vec2(cos(a.x) * rcosh(a.y), -sin(a.x) * rsinh(a.y)); }`,
  ctan: `vec2 ctan(vec2 a) {
  // tan(x + iy) = (sin 2x + i sinh 2y)/(cos 2x + cosh 2y); far from the real axis, where cosh
  // overflows, (2 sin 2x·e^(−2|y|), ±1).
  if (abs(a.y) > ${TAN_SATURATION}) return vec2(2.0 * sin(2.0 * a.x) * exp(-2.0 * abs(a.y)), sign(a.y));
  return vec2(sin(2.0 * a.x), rsinh(2.0 * a.y)) / (cos(2.0 * a.x) + rcosh(2.0 * a.y));
}`,
  csinh: `vec2 csinh(vec2 a) { return vec2(rsinh(a.x) * cos(a.y), rcosh(a.x) * sin(a.y)); }`,
  ccosh: `vec2 ccosh(vec2 a) { return vec2(rcosh(a.x) * cos(a.y), rsinh(a.x) * sin(a.y)); }`,
  ctanh: `vec2 ctanh(vec2 a) {
  // tanh z = −i·tan(iz)
  vec2 w = ctan(vec2(-a.y, a.x));
  return vec2(w.y, -w.x);
}`,
  casinh: `vec2 casinh(vec2 a) {
  // log(z + √(z² + 1)), in the right half-plane where the sum does not cancel (asinh is odd).
  float s = a.x < 0.0 ? -1.0 : 1.0;
  vec2 w = s * a;
  return s * clog(w + csqrt(cmul(w, w) + vec2(1.0, 0.0)));
}`,
  casin: `vec2 casin(vec2 a) {
  // asin z = −i·asinh(iz)
  vec2 w = casinh(vec2(-a.y, a.x));
  return vec2(w.y, -w.x);
}`,
  cacos: `vec2 cacos(vec2 a) { return vec2(${Math.PI / 2}, 0.0) - casin(a); }`,
  cacosh: `vec2 cacosh(vec2 a) {
  // log(z + √(z + 1)·√(z − 1)): the product of two roots, not √(z² − 1), puts the cut on (−∞, 1].
  return clog(a + cmul(csqrt(a + vec2(1.0, 0.0)), csqrt(a - vec2(1.0, 0.0))));
}`,
  catanh: `vec2 catanh(vec2 a) { return (clog(vec2(1.0, 0.0) + a) - clog(vec2(1.0, 0.0) - a)) / 2.0; }`,
  catan: `vec2 catan(vec2 a) {
  // atan z = −i·atanh(iz)
  vec2 w = catanh(vec2(-a.y, a.x));
  return vec2(w.y, -w.x);
}`,
  csgn: `vec2 csgn(vec2 a) {
  float r = cabs(a);
  return r == 0.0 ? vec2(0.0) : a / r;
}`,
} as const;

export type ComplexGlslFunction = keyof typeof COMPLEX_GLSL_FUNCTIONS;

/** The whole library, to paste above the shader's main(). */
export const COMPLEX_GLSL_LIBRARY = Object.values(COMPLEX_GLSL_FUNCTIONS).join("\n\n");

/** A call's GLSL, given its argument as a vec2 expression. */
const UNARY: Partial<Record<FunctionName, (a: string) => string>> = {
  sin: (a) => `csin(${a})`,
  cos: (a) => `ccos(${a})`,
  tan: (a) => `ctan(${a})`,
  cot: (a) => `cdiv(vec2(1.0, 0.0), ctan(${a}))`,
  sec: (a) => `cdiv(vec2(1.0, 0.0), ccos(${a}))`,
  csc: (a) => `cdiv(vec2(1.0, 0.0), csin(${a}))`,
  asin: (a) => `casin(${a})`,
  acos: (a) => `cacos(${a})`,
  atan: (a) => `catan(${a})`,
  sinh: (a) => `csinh(${a})`,
  cosh: (a) => `ccosh(${a})`,
  tanh: (a) => `ctanh(${a})`,
  asinh: (a) => `casinh(${a})`,
  acosh: (a) => `cacosh(${a})`,
  atanh: (a) => `catanh(${a})`,
  exp: (a) => `cexp(${a})`,
  ln: (a) => `clog(${a})`,
  log: (a) => `(clog(${a}) / ${float(Math.LN10)})`,
  sqrt: (a) => `csqrt(${a})`,
  cbrt: (a) => `cpow(${a}, vec2(${float(1 / 3)}, 0.0))`,
  abs: (a) => `vec2(cabs(${a}), 0.0)`,
  sign: (a) => `csgn(${a})`,
};

/** Why a function has no place on ℂ, for the error message. */
const NOT_COMPLEX: Partial<Record<FunctionName, string>> = {
  floor: "rounds real numbers",
  ceil: "rounds real numbers",
  round: "rounds real numbers",
  min: "compares real numbers (ℂ has no order)",
  max: "compares real numbers (ℂ has no order)",
  mod: "is a remainder of real numbers",
  gcd: "is for whole numbers",
  lcm: "is for whole numbers",
};

/** A float literal: GLSL ES 1.00 needs a decimal point or an exponent, and has no ∞. */
function float(x: number): string {
  if (!(Math.abs(x) < 3.4e38)) return x < 0 ? `-${GLSL_INFINITY}` : GLSL_INFINITY;
  const text = String(x);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

/** A compiled sub-tree: GLSL source of type float (real) or vec2 (complex). */
interface Code {
  glsl: string;
  real: boolean;
}

const asComplex = (code: Code) => (code.real ? `vec2(${code.glsl}, 0.0)` : code.glsl);
const wholeNumber = (node: ExprNode): number | null => {
  const sign = node.kind === "unary" && node.operator === "-" ? -1 : 1;
  const inner = node.kind === "unary" ? node.operand : node;
  if (inner.kind !== "number") return null;
  const n = sign * Number(inner.value);
  return Number.isInteger(n) && Math.abs(n) <= MAX_INTEGER_POWER ? n : null;
};

class GlslCompiler {
  /** The real parameters met, in order of first use; parameter k is the uniform `u_param{k}`. */
  readonly parameters: string[] = [];

  compile(node: ExprNode): Code {
    switch (node.kind) {
      case "number":
        return { glsl: float(Number(node.value)), real: true };
      case "constant":
        return { glsl: float(CONSTANT_VALUES[node.name]), real: true };
      case "variable":
        if (node.name === COMPLEX_VARIABLE) return { glsl: "z", real: false };
        if (node.name === IMAGINARY_UNIT) return { glsl: "vec2(0.0, 1.0)", real: false };
        return { glsl: this.uniform(node.name), real: true };
      case "unary": {
        const operand = this.compile(node.operand);
        // Parenthesised: `--x` would be GLSL's decrement.
        return node.operator === "+" ? operand : { glsl: `(-${operand.glsl})`, real: operand.real };
      }
      case "binary":
        return this.binary(node);
      case "call":
        return this.call(node);
      case "logBase":
        return {
          glsl: `cdiv(clog(${asComplex(this.compile(node.argument))}), clog(${asComplex(this.compile(node.base))}))`,
          real: false,
        };
      case "factorial":
        throw new ExprCompileError("the factorial n! is for whole numbers, not for complex numbers", node.span);
      case "relation":
        throw new ExprCompileError("a comparison has no meaning for complex numbers (ℂ has no order)", node.span);
      case "piecewise":
        throw new ExprCompileError("a piecewise definition needs comparisons, which ℂ does not have", node.span);
      case "tuple":
      case "list":
        throw new ExprCompileError(`a ${node.kind} has no single complex value`, node.span);
    }
  }

  private uniform(name: string): string {
    let index = this.parameters.indexOf(name);
    if (index < 0) index = this.parameters.push(name) - 1;
    return `u_param${index}`;
  }

  private binary(node: ExprNode & { kind: "binary" }): Code {
    const left = this.compile(node.left);
    if (node.operator === "^") {
      const n = wholeNumber(node.right);
      if (n !== null) return { glsl: `cpowi(${asComplex(left)}, ${float(n)})`, real: false };
      return { glsl: `cpow(${asComplex(left)}, ${asComplex(this.compile(node.right))})`, real: false };
    }
    const right = this.compile(node.right);
    const real = left.real && right.real;
    switch (node.operator) {
      case "+":
      case "-":
        return {
          glsl: `(${real ? left.glsl : asComplex(left)} ${node.operator} ${real ? right.glsl : asComplex(right)})`,
          real,
        };
      case "*":
        if (left.real || right.real) return { glsl: `(${left.glsl} * ${right.glsl})`, real };
        return { glsl: `cmul(${left.glsl}, ${right.glsl})`, real: false };
      case "/":
        if (right.real) return { glsl: `(${left.glsl} / ${right.glsl})`, real };
        return { glsl: `cdiv(${asComplex(left)}, ${right.glsl})`, real: false };
    }
  }

  private call(node: ExprNode & { kind: "call" }): Code {
    const name = resolveCall(node);
    const reason = NOT_COMPLEX[name];
    if (reason !== undefined)
      throw new ExprCompileError(`"${node.name}" ${reason}: it has no meaning for complex numbers`, node.span);
    const args = node.args.map((arg) => asComplex(this.compile(arg)));
    if (name === "nthroot") return { glsl: `cpow(${args[0]}, cdiv(vec2(1.0, 0.0), ${args[1]}))`, real: false };
    return { glsl: UNARY[name]!(args[0]!), real: false };
  }
}

export interface ComplexGlsl {
  /** A GLSL expression of type vec2 in `vec2 z` and the uniforms. */
  expression: string;
  /** The real parameters, in order of first use; parameters[k] is read from `uniform float u_param{k}`. */
  parameters: string[];
}

export type ComplexGlslResult = { ok: true; glsl: ComplexGlsl } | { ok: false; error: ExprCompileError };

/** f(z) as GLSL over COMPLEX_GLSL_LIBRARY, or why it cannot be (with the span to blame). */
export function complexToGlsl(ast: ExprNode): ComplexGlslResult {
  const compiler = new GlslCompiler();
  try {
    const expression = asComplex(compiler.compile(ast));
    return { ok: true, glsl: { expression, parameters: compiler.parameters } };
  } catch (error) {
    if (error instanceof ExprCompileError) return { ok: false, error };
    throw error;
  }
}

/** The uniform declarations for a compiled expression's parameters. */
export const parameterUniforms = (glsl: ComplexGlsl) =>
  glsl.parameters.map((_, k) => `uniform float u_param${k};`).join("\n");
