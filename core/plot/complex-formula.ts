/**
 * A typed formula f(z) read once for both ways of drawing it: GLSL for the GPU (../expr/to-glsl.ts)
 * and a compiled TypeScript function for the canvas fallback, the read-out and the search for
 * zeros and poles (../expr/compile-complex.ts). Both read `z` as the complex variable, `i` as the
 * imaginary unit and every other letter as a real parameter; to-glsl's refusals (floor, n!,
 * comparisons, …) decide what is accepted, so the two never disagree about that.
 */
import { compileComplex } from "../expr/compile-complex";
import { FORMULA_OPTIONS, parseExpression } from "../expr/parse";
import { COMPLEX_VARIABLE, complexToGlsl, ExprCompileError, IMAGINARY_UNIT, type ComplexGlsl } from "../expr/to-glsl";
import type { ComplexMap } from "./zeros-and-poles";

export interface ComplexFormula {
  text: string;
  glsl: ComplexGlsl;
  /** The real parameters, in the order of glsl.parameters. */
  parameters: readonly string[];
  /** f with the parameters set to `values` (parallel to `parameters`). */
  withParameters(values: ArrayLike<number>): ComplexMap;
}

/** Where the problem is: UTF-16 offsets into the text, `end` exclusive (a parse error marks one character). */
export interface FormulaProblem {
  message: string;
  start: number;
  end: number;
}

export type ComplexFormulaResult = { ok: true; formula: ComplexFormula } | { ok: false; problem: FormulaProblem };

export function readComplexFormula(text: string): ComplexFormulaResult {
  const parsed = parseExpression(text, FORMULA_OPTIONS);
  if (!parsed.ok) {
    const start = Math.min(parsed.error.position, text.length);
    return { ok: false, problem: { message: parsed.error.message, start, end: Math.min(start + 1, text.length) } };
  }
  const translated = complexToGlsl(parsed.ast);
  if (!translated.ok) {
    const { message, span } = translated.error;
    return { ok: false, problem: { message, start: span.start, end: span.end } };
  }
  const glsl = translated.glsl;
  // Slot 0 is z, slot 1 the constant i, then the parameters.
  let evaluate: ReturnType<typeof compileComplex>;
  try {
    evaluate = compileComplex(parsed.ast, [COMPLEX_VARIABLE, IMAGINARY_UNIT, ...glsl.parameters]);
  } catch (error) {
    if (!(error instanceof ExprCompileError)) throw error;
    return { ok: false, problem: { message: error.message, start: error.span.start, end: error.span.end } };
  }
  const size = glsl.parameters.length + 2;
  return {
    ok: true,
    formula: {
      text,
      glsl,
      parameters: glsl.parameters,
      withParameters(values) {
        const re = new Float64Array(size);
        const im = new Float64Array(size);
        im[1] = 1;
        for (let k = 0; k < glsl.parameters.length; k += 1) re[k + 2] = values[k] ?? 0;
        return (x, y, out) => {
          re[0] = x;
          im[0] = y;
          evaluate(re, im, out);
        };
      },
    },
  };
}
