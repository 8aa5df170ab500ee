/** Every question template, in course order, and look-ups by id and by skill. */
import type { Difficulty, Question } from "../question";
import type { QuizTemplate } from "../template";
import { factorQuadratic } from "./factor-quadratics";
import { expandProduct, squareOfBinomial } from "./expand-products";
import { solveLinearEquationTemplate } from "./solve-linear-equations";
import { solveQuadratic } from "./quadratic-equations";
import { exponentLaws } from "./exponent-laws";
import { factorInteger, whichArePrime } from "./prime-factorization";
import { divisorCountAndSum } from "./count-divisors";
import { gcdAndLcm } from "./gcd-lcm-from-factors";
import { remainderOfExpression } from "./congruence-arithmetic";
import { remaindersByDigitRules } from "./divisibility-rules";
import { solveLinearCongruence } from "./linear-congruences";
import { euclidBezout } from "./euclid-bezout";
import { linearDiophantine } from "./diophantine-equations";
import { solveCongruenceSystem } from "./chinese-remainder";
import { fibonacciRemainder } from "./pisano-periods";
import { lastDigitsOfPower } from "./last-digit-of-powers";
import { powerModulo } from "./power-mod";
import { orderModulo, primitiveRoots } from "./multiplicative-order";
import { quadraticResidue } from "./quadratic-residues";
import { fermatTest } from "./fermat-test";
import { periodOfFraction } from "./decimal-period";
import { preperiodAndPeriod, terminatingDecimal } from "./terminating-decimals";
import { fullReptendPrimes } from "./full-reptend-primes";
import { expansionInBase } from "./other-bases";

export const TEMPLATES: readonly QuizTemplate[] = [
  expandProduct,
  squareOfBinomial,
  factorQuadratic,
  solveLinearEquationTemplate,
  solveQuadratic,
  exponentLaws,
  factorInteger,
  whichArePrime,
  divisorCountAndSum,
  gcdAndLcm,
  remainderOfExpression,
  remaindersByDigitRules,
  solveLinearCongruence,
  euclidBezout,
  linearDiophantine,
  solveCongruenceSystem,
  fibonacciRemainder,
  lastDigitsOfPower,
  powerModulo,
  orderModulo,
  primitiveRoots,
  quadraticResidue,
  fermatTest,
  periodOfFraction,
  preperiodAndPeriod,
  terminatingDecimal,
  fullReptendPrimes,
  expansionInBase,
];

export function templateById(id: string): QuizTemplate | undefined {
  return TEMPLATES.find((template) => template.id === id);
}

export function templatesOfSkill(skillId: string): readonly QuizTemplate[] {
  return TEMPLATES.filter((template) => template.skillId === skillId);
}

/** The question a stored (template, seed, difficulty) stands for; throws on an unknown template. */
export function generateQuestion(templateId: string, seed: number, difficulty: Difficulty): Question {
  const template = templateById(templateId);
  if (template === undefined) throw new RangeError(`no quiz template "${templateId}"`);
  return template.generate(seed, difficulty);
}
