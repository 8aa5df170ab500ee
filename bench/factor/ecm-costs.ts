/**
 * Milliseconds per ECM curve (stage 1 and stage 2 with B2 = 100·B1) by the size of the number and B1,
 * on one thread: the measurements behind CURVE_NANOSECONDS in core/numtheory/ecm-pretest.ts.
 *
 * `npx tsx bench/factor/ecm-costs.ts` on a quiet machine; prints a Markdown table.
 */
import { ecm, ecmPlanForFactorDigits } from "#core/numtheory/ecm";
import { isProbablePrime } from "#core/numtheory/primality";

const DIGITS = [40, 60, 80, 100];
const FACTOR_DIGITS = [15, 20, 25, 30];

function nextPrime(from: bigint): bigint {
  let candidate = from | 1n;
  while (!isProbablePrime(candidate)) candidate += 2n;
  return candidate;
}

/** A number of `digits` digits with two large prime factors, so no curve finds a factor. */
function testNumber(digits: number): bigint {
  const half = Math.floor(digits / 2);
  return nextPrime(7n * 10n ** BigInt(half - 1)) * nextPrime(3n * 10n ** BigInt(digits - half - 1));
}

console.log(`| digits | ${FACTOR_DIGITS.map((d) => `B1 = ${ecmPlanForFactorDigits(d).B1}`).join(" | ")} | ns per B1 |`);
console.log(`| --- | ${FACTOR_DIGITS.map(() => "---").join(" | ")} | --- |`);
for (const digits of DIGITS) {
  const n = testNumber(digits);
  const cells: string[] = [];
  const perB1: number[] = [];
  for (const factorDigits of FACTOR_DIGITS) {
    const { B1, B2 } = ecmPlanForFactorDigits(factorDigits);
    ecm(n, { B1, B2, curves: 1, firstSigma: 7n }); // the stage 1 scalar and stage 2 tables, once
    let curves = 0;
    const started = performance.now();
    while (performance.now() - started < 1500 || curves < 2) {
      if (ecm(n, { B1, B2, curves: 1, firstSigma: 100n + BigInt(curves) }) !== null) throw new Error("found a factor");
      curves += 1;
    }
    const ms = (performance.now() - started) / curves;
    cells.push(ms.toFixed(1));
    perB1.push((ms * 1e6) / B1);
  }
  console.log(`| ${digits} | ${cells.join(" | ")} | ${perB1.map((v) => v.toFixed(0)).join(", ")} |`);
}
