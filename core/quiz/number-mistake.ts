/**
 * What kind of mistake a wrong number answer looks like, where the arithmetic alone can tell: the
 * grader's feedback names it ("one less than the answer", "the right digits in another order")
 * instead of only saying the answer is wrong. Each kind is a plain fact about the two numbers, so
 * it is never a guess; the first kind in the order below that holds is the one named.
 *
 * Exact answers (integers, fractions, remainders):
 * 1. not-reduced: the answer is a remainder on division by m, and the given number is congruent to
 *    it modulo m but not between 0 and m − 1;
 * 2. sign: given = −answer;
 * 3. negated-residue: (remainders) given ≡ −answer (mod m), a different class from the answer's;
 * 4. off-by-one: given = answer ± 1;
 * 5. reciprocal: given = 1/answer;
 * 6. multiple: given = k · answer for a whole k, |k| ≥ 2;
 * 7. divisor: answer = k · given for a whole k, |k| ≥ 2;
 * and, for whole numbers of the same sign and the same number of digits (two or more):
 * 8. digits-reordered: the same digits in another order;
 * 9. one-digit: exactly one digit differs;
 * 10. same-length: (four digits or more) the right number of digits, with how many leading ones agree.
 *
 * Decimals within a tolerance: sign, off by one, and a misplaced decimal point (10^k times the
 * answer, within the tolerance scaled alike). Residue classes (congruence answers): the class of
 * −r, and the classes next to r's.
 */
import { divide, equals, isInteger, negate, rational, type Rational } from "../algebra/rational";
import { mod } from "../numtheory/bigint";
import { integerText } from "./answer-text";

export type NumberMistake =
  | { kind: "not-reduced"; modulus: bigint }
  | { kind: "sign" }
  | { kind: "negated-residue"; modulus: bigint }
  | { kind: "off-by-one"; by: 1 | -1 }
  | { kind: "reciprocal" }
  | { kind: "multiple"; factor: bigint }
  | { kind: "divisor"; factor: bigint }
  | { kind: "digits-reordered" }
  | { kind: "one-digit"; position: number }
  | { kind: "same-length"; digits: number; leading: number };

/** Whole numbers with at least this many digits are told when only their length is right. */
export const SAME_LENGTH_MIN_DIGITS = 4;
/** The largest power of ten a misplaced decimal point is looked for at. */
export const DECIMAL_POINT_MAX_SHIFT = 6;

const abs = (n: bigint) => (n < 0n ? -n : n);

/** The whole number k with value = k · of, |k| ≥ 2; null when there is none. */
function wholeMultiple(value: Rational, of: Rational): bigint | null {
  if (of.num === 0n) return null;
  const ratio = divide(value, of);
  return isInteger(ratio) && abs(ratio.num) >= 2n ? ratio.num : null;
}

function digitMistake(expected: bigint, given: bigint): NumberMistake | null {
  if (expected < 0n !== given < 0n) return null;
  const [a, b] = [abs(expected).toString(), abs(given).toString()];
  if (a.length !== b.length || a.length < 2) return null;
  if ([...a].sort().join("") === [...b].sort().join("")) return { kind: "digits-reordered" };
  const differing = [...a].flatMap((digit, index) => (digit === b[index] ? [] : [index]));
  if (differing.length === 1) return { kind: "one-digit", position: differing[0]! + 1 };
  if (a.length < SAME_LENGTH_MIN_DIGITS) return null;
  return { kind: "same-length", digits: a.length, leading: differing[0]! };
}

/**
 * The mistake a wrong exact answer `given` looks like against `expected`, or null when the numbers
 * share none of the kinds above. `remainderModulo` is m when the answer is a remainder on division
 * by m (0 ≤ expected < m).
 */
export function classifyNumberMistake(
  expected: Rational,
  given: Rational,
  remainderModulo: bigint | null = null,
): NumberMistake | null {
  if (equals(expected, given)) return null;
  const whole = isInteger(expected) && isInteger(given);
  const m = remainderModulo;
  if (whole && m !== null && m > 0n && mod(given.num, m) === mod(expected.num, m)) {
    return { kind: "not-reduced", modulus: m };
  }
  if (expected.num !== 0n && equals(given, negate(expected))) return { kind: "sign" };
  if (whole && m !== null && m > 0n) {
    const negated = mod(-expected.num, m);
    if (negated !== mod(expected.num, m) && mod(given.num, m) === negated)
      return { kind: "negated-residue", modulus: m };
  }
  if (given.den === expected.den) {
    const gap = given.num - expected.num;
    if (gap === expected.den) return { kind: "off-by-one", by: 1 };
    if (gap === -expected.den) return { kind: "off-by-one", by: -1 };
  }
  if (expected.num !== 0n && equals(given, divide(rational(1n), expected))) return { kind: "reciprocal" };
  const multiple = wholeMultiple(given, expected);
  if (multiple !== null) return { kind: "multiple", factor: multiple };
  const divisor = wholeMultiple(expected, given);
  if (divisor !== null) return { kind: "divisor", factor: divisor };
  return whole ? digitMistake(expected.num, given.num) : null;
}

export type DecimalMistake =
  { kind: "sign" } | { kind: "off-by-one"; by: 1 | -1 } | { kind: "decimal-point"; shift: number };

/**
 * The mistake a wrong decimal `given` looks like against `expected` ± `tolerance`: each kind holds
 * within the tolerance (scaled by 10^k for a decimal point moved k places, since the whole answer
 * is). `slack` is the rounding allowance the grader adds to the tolerance.
 */
export function classifyDecimalMistake(
  expected: number,
  tolerance: number,
  given: number,
  slack: (value: number) => number,
): DecimalMistake | null {
  const near = (value: number, target: number, within: number) => Math.abs(value - target) <= within + slack(target);
  if (expected !== 0 && near(-given, expected, tolerance)) return { kind: "sign" };
  if (near(given, expected + 1, tolerance)) return { kind: "off-by-one", by: 1 };
  if (near(given, expected - 1, tolerance)) return { kind: "off-by-one", by: -1 };
  if (expected === 0) return null;
  for (let shift = 1; shift <= DECIMAL_POINT_MAX_SHIFT; shift++) {
    for (const power of [shift, -shift]) {
      const scale = 10 ** power;
      if (Math.abs(expected * scale) > tolerance * scale && near(given, expected * scale, tolerance * scale)) {
        return { kind: "decimal-point", shift: power };
      }
    }
  }
  return null;
}

export type ResidueMistake = { kind: "negated-residue" } | { kind: "off-by-one"; by: 1 | -1 };

/** The mistake a residue `given` outside the class of r (mod m) looks like, or null. */
export function classifyResidueMistake(r: bigint, m: bigint, given: bigint): ResidueMistake | null {
  const [target, value] = [mod(r, m), mod(given, m)];
  if (value === target) return null;
  const negated = mod(-r, m);
  if (negated !== target && value === negated) return { kind: "negated-residue" };
  if (value === mod(r + 1n, m)) return { kind: "off-by-one", by: 1 };
  if (value === mod(r - 1n, m)) return { kind: "off-by-one", by: -1 };
  return null;
}

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10];
  return `${n}${suffix ?? "th"}`;
};

const timesText = (factor: bigint) => `${integerText(factor)} times`;

/** The grader's sentence for a wrong number answer: what is wrong, and what kind of mistake it looks like. */
export function numberMistakeFeedback(mistake: NumberMistake | DecimalMistake | null): string {
  if (mistake === null) return "Not the right answer.";
  switch (mistake.kind) {
    case "not-reduced":
      return `Not reduced: it is congruent to the answer modulo ${integerText(mistake.modulus)}, but a remainder lies between 0 and ${integerText(mistake.modulus - 1n)}.`;
    case "sign":
      return "Not the right answer: check the sign.";
    case "negated-residue":
      return `Not the right answer: it is congruent to minus the answer modulo ${integerText(mistake.modulus)}; check the signs.`;
    case "off-by-one":
      return `Not the right answer: it is one ${mistake.by === 1 ? "more" : "less"} than the answer.`;
    case "reciprocal":
      return "Not the right answer: it is the answer upside down (its reciprocal).";
    case "multiple":
      return `Not the right answer: it is ${timesText(mistake.factor)} the answer.`;
    case "divisor":
      return `Not the right answer: the answer is ${timesText(mistake.factor)} as much.`;
    case "digits-reordered":
      return "Not the right answer: it has the right digits, in another order.";
    case "one-digit":
      return `Not the right answer: one digit is wrong, the ${ordinal(mistake.position)} from the left.`;
    case "same-length":
      return mistake.leading === 0
        ? `Not the right answer, though it has the right number of digits (${mistake.digits}).`
        : `Not the right answer, though it has the right number of digits (${mistake.digits}) and the first ${mistake.leading} are right.`;
    case "decimal-point":
      return `Not the right answer: the decimal point is misplaced (it is ${mistake.shift > 0 ? `${10 ** mistake.shift} times` : `1/${10 ** -mistake.shift} of`} the answer).`;
  }
}

/** The grader's sentence for a residue outside the right class. */
export function residueMistakeFeedback(mistake: ResidueMistake | null): string {
  if (mistake === null) return "Not the right residue class.";
  if (mistake.kind === "negated-residue")
    return "Not the right residue class: it is minus the right one; check the signs.";
  return `Not the right residue class: it is one ${mistake.by === 1 ? "more" : "less"} than the right one.`;
}
