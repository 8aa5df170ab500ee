/**
 * Deciding the number claims read by number-claims.ts: each is right, wrong (with the right value),
 * or unchecked (too large, or not about whole numbers). Exact arithmetic on bigint within size
 * guards; congruences and remainders evaluate modulo m, so 3^{10^{12}} mod 7 costs nothing; orders
 * and periods use multiplicativeOrder and decimalPeriod on moduli that trial division factors at once.
 */
import { bitLength, gcd, mod, modPow } from "./bigint";
import { decimalPeriod } from "./decimal-period";
import { superscript } from "./factorization-text";
import type { Factor } from "./factorization-types";
import { multiplicativeOrder, type Factorizer } from "./multiplicative-order";
import { primality } from "./primality";
import { factorSmall, SMALL_FACTORIZATION_MAX } from "./small-factorization";
import {
  expressionText,
  extractNumberClaims,
  type ClaimKind,
  type Expression,
  type NumberClaim,
} from "./number-claims";

export type ClaimVerdict = "right" | "wrong" | "unchecked";

export interface ClaimCheck {
  claim: NumberClaim;
  /** What the claim is about, for a list: "Factorization", "Congruence", … */
  label: string;
  verdict: ClaimVerdict;
  /** Why: the right value when the claim is wrong, or why it was not checked. */
  message: string;
}

/** The sizes the checks stay within, so no text can keep the server busy. */
export const CLAIM_CHECK_LIMITS = {
  /** Bits of an exact intermediate value (2^65536 has 19,729 digits). */
  exactBits: 65_536,
  /** n! is computed exactly up to this n… */
  exactFactorial: 2_000,
  /** …and modulo m up to this n (above m it is 0 anyway). */
  modularFactorial: 1_000_000,
  /** Orders and periods need the modulus factored: trial division stays instant up to here. */
  factoredModulus: BigInt(SMALL_FACTORIZATION_MAX),
} as const;

/** Numbers longer than this are named by their length in messages. */
const SHOWN_DIGITS = 60;

export function checkNumberClaims(markdown: string): ClaimCheck[] {
  return extractNumberClaims(markdown).map(checkNumberClaim);
}

export function checkNumberClaim(claim: NumberClaim): ClaimCheck {
  const label = claimLabel(claim);
  const { verdict, message } = decide(claim);
  return { claim, label, verdict, message };
}

const CLAIM_LABELS: Record<ClaimKind, string> = {
  equality: "Arithmetic",
  congruence: "Congruence",
  remainder: "Remainder",
  order: "Order",
  period: "Period",
  primality: "Primality",
};

function claimLabel(claim: NumberClaim): string {
  if (claim.kind === "equality" && productShape(otherSide(claim))) return "Factorization";
  return CLAIM_LABELS[claim.kind];
}

type Decision = { verdict: ClaimVerdict; message: string };

const right = (message = "Right."): Decision => ({ verdict: "right", message });
const wrong = (message: string): Decision => ({ verdict: "wrong", message });
const unchecked = (message: string): Decision => ({ verdict: "unchecked", message });

const TOO_LARGE = "Not checked: the numbers are too large to check here.";
const NOT_WHOLE = "Not checked: a negative exponent makes it a fraction, not a whole number.";

function decide(claim: NumberClaim): Decision {
  switch (claim.kind) {
    case "equality":
      return decideEquality(claim);
    case "congruence":
      return decideCongruence(claim);
    case "remainder":
      return decideRemainder(claim);
    case "order":
      return decideOrder(claim.base, claim.modulus, claim.order);
    case "period":
      return decidePeriod(claim.numerator, claim.denominator, claim.period);
    case "primality":
      return decidePrimality(claim.n, claim.prime);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Evaluation

/** Thrown for a value outside the guards, or one that is no whole number. */
class Unevaluable extends Error {
  constructor(readonly reason: "too-large" | "not-whole") {
    super(reason);
  }
}

/** The exact value. Throws Unevaluable. */
function exact(expression: Expression): bigint {
  switch (expression.type) {
    case "number":
      return expression.value;
    case "negate":
      return -exact(expression.argument);
    case "factorial": {
      const n = exact(expression.argument);
      if (n < 0n) throw new Unevaluable("not-whole");
      if (n > BigInt(CLAIM_CHECK_LIMITS.exactFactorial)) throw new Unevaluable("too-large");
      let value = 1n;
      for (let k = 2n; k <= n; k++) value *= k;
      return value;
    }
    case "binary": {
      const left = exact(expression.left);
      const right = exact(expression.right);
      const checked = (value: bigint) => {
        if (bitLength(value < 0n ? -value : value) > CLAIM_CHECK_LIMITS.exactBits) throw new Unevaluable("too-large");
        return value;
      };
      switch (expression.operator) {
        case "+":
          return checked(left + right);
        case "-":
          return checked(left - right);
        case "*":
          return checked(left * right);
        case "^": {
          if (right < 0n) throw new Unevaluable("not-whole");
          const size = left < 0n ? -left : left;
          if (right === 0n) return 1n;
          if (size <= 1n) return left === -1n && right % 2n === 0n ? 1n : left;
          if (BigInt(bitLength(size) - 1) * right > BigInt(CLAIM_CHECK_LIMITS.exactBits)) {
            throw new Unevaluable("too-large");
          }
          return checked(left ** right);
        }
      }
    }
  }
}

/** The value modulo m ≥ 1, in 0…m−1; exponents are evaluated exactly. Throws Unevaluable. */
function modular(expression: Expression, m: bigint): bigint {
  switch (expression.type) {
    case "number":
      return mod(expression.value, m);
    case "negate":
      return mod(-modular(expression.argument, m), m);
    case "factorial": {
      const n = exact(expression.argument);
      if (n < 0n) throw new Unevaluable("not-whole");
      // m divides n! once n ≥ m.
      if (n >= m) return 0n;
      if (n > BigInt(CLAIM_CHECK_LIMITS.modularFactorial)) throw new Unevaluable("too-large");
      let value = 1n % m;
      for (let k = 2n; k <= n; k++) value = (value * k) % m;
      return value;
    }
    case "binary": {
      if (expression.operator === "^") {
        const exponent = exact(expression.right);
        if (exponent < 0n) throw new Unevaluable("not-whole");
        return modPow(modular(expression.left, m), exponent, m);
      }
      const left = modular(expression.left, m);
      const right = modular(expression.right, m);
      if (expression.operator === "+") return mod(left + right, m);
      if (expression.operator === "-") return mod(left - right, m);
      return mod(left * right, m);
    }
  }
}

/** Runs a decision that evaluates, turning Unevaluable into "not checked". */
function evaluating(work: () => Decision): Decision {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof Unevaluable)) throw error;
    return unchecked(error.reason === "too-large" ? TOO_LARGE : NOT_WHOLE);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Decisions

function numberText(value: bigint): string {
  const digits = (value < 0n ? -value : value).toString();
  if (digits.length <= SHOWN_DIGITS) return value.toString();
  return `${value < 0n ? "−" : ""}${digits.slice(0, 12)}… (${digits.length} digits)`;
}

const factorizer: Factorizer = (m) => (m <= CLAIM_CHECK_LIMITS.factoredModulus ? factorSmall(Number(m)) : null);

/** "2³ · 3² · 5", or null when n is too large to factor here. */
function factorizationOf(n: bigint): string | null {
  if (n < 2n || n > CLAIM_CHECK_LIMITS.factoredModulus) return null;
  return powersText(factorSmall(Number(n)));
}

function powersText(factors: readonly Factor[]): string {
  return factors
    .map(({ value, exponent }) => (exponent === 1 ? `${value}` : `${value}${superscript(exponent)}`))
    .join(" · ");
}

/** The side of an equality that is not the bare integer. */
function otherSide(claim: Extract<NumberClaim, { kind: "equality" }>): Expression {
  return claim.left.type === "number" ? claim.right : claim.left;
}

/** The bases and exponents of a product of integer powers (2^3 · 3^2 · 5), or null for anything else. */
function productShape(expression: Expression): { base: bigint; exponent: bigint }[] | null {
  const factors: { base: bigint; exponent: bigint }[] = [];
  const walk = (node: Expression): boolean => {
    if (node.type === "number") {
      factors.push({ base: node.value, exponent: 1n });
      return true;
    }
    if (node.type === "binary" && node.operator === "*") return walk(node.left) && walk(node.right);
    if (
      node.type === "binary" &&
      node.operator === "^" &&
      node.left.type === "number" &&
      node.right.type === "number"
    ) {
      factors.push({ base: node.left.value, exponent: node.right.value });
      return true;
    }
    return false;
  };
  if (!walk(expression)) return null;
  if (factors.some(({ base }) => base < 2n)) return null;
  // One factor is a product only as a power: 2^10 = 1024 is one, 7 is none.
  return factors.length > 1 || factors[0]!.exponent > 1n ? factors : null;
}

function decideEquality(claim: Extract<NumberClaim, { kind: "equality" }>): Decision {
  const n = claim.left.type === "number" ? claim.left.value : (claim.right as { value: bigint }).value;
  const expression = otherSide(claim);
  return evaluating(() => {
    const value = exact(expression);
    const shape = productShape(expression);
    if (value === n) {
      if (!shape) return right();
      const composite = shape.find(({ base }) => primality(base) === "composite");
      if (!composite) return right("Right: a product of primes.");
      const factored = factorizationOf(n);
      return right(
        `Right as a product, but ${composite.base} is not prime, so it is not the prime factorization${factored ? `: ${n} = ${factored}` : ""}.`,
      );
    }
    const factored = shape ? factorizationOf(n) : null;
    return wrong(
      `${expressionText(expression)} = ${numberText(value)}, not ${numberText(n)}.${factored ? ` The prime factorization is ${n} = ${factored}.` : ""}`,
    );
  });
}

/** The modulus as a whole number ≥ 1, or the decision that it is none. */
function modulusOf(expression: Expression): bigint | Decision {
  const m = exact(expression);
  return m >= 1n ? m : unchecked("Not checked: a modulus is a whole number of at least 1.");
}

function decideCongruence(claim: Extract<NumberClaim, { kind: "congruence" }>): Decision {
  return evaluating(() => {
    const m = modulusOf(claim.modulus);
    if (typeof m !== "bigint") return m;
    const left = modular(claim.left, m);
    const rightValue = modular(claim.right, m);
    const congruent = left === rightValue;
    if (congruent === claim.holds) return right();
    const leftText = expressionText(claim.left);
    const rightText = expressionText(claim.right);
    if (!claim.holds) return wrong(`They are congruent: ${leftText} and ${rightText} both leave ${left} modulo ${m}.`);
    if (claim.right.type === "number") return wrong(`${leftText} ≡ ${left} (mod ${m}), not ${rightText}.`);
    return wrong(`${leftText} ≡ ${left} but ${rightText} ≡ ${rightValue} (mod ${m}).`);
  });
}

function decideRemainder(claim: Extract<NumberClaim, { kind: "remainder" }>): Decision {
  return evaluating(() => {
    const m = modulusOf(claim.modulus);
    if (typeof m !== "bigint") return m;
    const actual = modular(claim.value, m);
    const stated = exact(claim.remainder);
    if (stated === actual) return right();
    const congruent = mod(stated, m) === actual;
    return wrong(
      `${expressionText(claim.value)} mod ${m} = ${actual}, not ${numberText(stated)}${congruent ? ` (congruent, but a remainder lies between 0 and ${m - 1n})` : ""}.`,
    );
  });
}

function decideOrder(a: bigint, n: bigint, stated: bigint): Decision {
  if (n < 1n) return unchecked("Not checked: a modulus is a whole number of at least 1.");
  if (n > CLAIM_CHECK_LIMITS.factoredModulus) return unchecked(TOO_LARGE);
  const common = gcd(a, n);
  if (common !== 1n) return wrong(`${a} has no multiplicative order modulo ${n}: both are divisible by ${common}.`);
  const order = multiplicativeOrder(a, n, factorSmall(Number(n)), factorizer);
  if (order === null) return unchecked(TOO_LARGE);
  return order === stated ? right() : wrong(`The order of ${a} modulo ${n} is ${order}, not ${stated}.`);
}

function decidePeriod(numerator: bigint, denominator: bigint, stated: bigint): Decision {
  const d = denominator / gcd(numerator, denominator);
  if (d > CLAIM_CHECK_LIMITS.factoredModulus) return unchecked(TOO_LARGE);
  const { period } = decimalPeriod(d, d === 1n ? [] : factorSmall(Number(d)), factorizer);
  if (period === null) return unchecked(TOO_LARGE);
  const fraction = `${numerator}/${denominator}`;
  if (period === stated)
    return right(period === 0n ? `Right: ${fraction} has a terminating decimal expansion.` : "Right.");
  if (period === 0n) return wrong(`${fraction} has a terminating decimal expansion: it has no repeating block.`);
  return wrong(`The period of ${fraction} is ${period}, not ${stated}.`);
}

function decidePrimality(n: bigint, statedPrime: boolean): Decision {
  const verdict = primality(n);
  const prime = verdict !== "composite";
  if (prime === statedPrime) return right(verdict === "probable-prime" ? "Right: a probable prime (BPSW)." : "Right.");
  if (prime) return wrong(`${numberText(n)} is prime.`);
  const factored = factorizationOf(n);
  return wrong(`${numberText(n)} is not prime${factored ? `: ${n} = ${factored}` : ""}.`);
}
