/** Every question template, in course order, and look-ups by id and by skill. */
import type { Difficulty, Question } from "../question";
import type { QuizTemplate } from "../template";
import { factorQuadratic } from "./factor-quadratics";
import { expandProduct, squareOfBinomial } from "./expand-products";
import { solveLinearEquationTemplate } from "./solve-linear-equations";
import { factorInteger, whichArePrime } from "./prime-factorization";
import { divisorCountAndSum } from "./count-divisors";
import { gcdAndLcm } from "./gcd-lcm-from-factors";
import { remainderOfExpression } from "./congruence-arithmetic";
import { solveLinearCongruence } from "./linear-congruences";
import { solveCongruenceSystem } from "./chinese-remainder";
import { fibonacciRemainder } from "./pisano-periods";
import { lastDigitsOfPower } from "./last-digit-of-powers";
import { powerModulo } from "./power-mod";
import { orderModulo, primitiveRoots } from "./multiplicative-order";
import { periodOfFraction } from "./decimal-period";
import { preperiodAndPeriod, terminatingDecimal } from "./terminating-decimals";
import { fullReptendPrimes } from "./full-reptend-primes";

export const TEMPLATES: readonly QuizTemplate[] = [
  expandProduct,
  squareOfBinomial,
  factorQuadratic,
  solveLinearEquationTemplate,
  factorInteger,
  whichArePrime,
  divisorCountAndSum,
  gcdAndLcm,
  remainderOfExpression,
  solveLinearCongruence,
  solveCongruenceSystem,
  fibonacciRemainder,
  lastDigitsOfPower,
  powerModulo,
  orderModulo,
  primitiveRoots,
  periodOfFraction,
  preperiodAndPeriod,
  terminatingDecimal,
  fullReptendPrimes,
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
