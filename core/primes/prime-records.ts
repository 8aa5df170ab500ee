/**
 * Schema of content/prime-records.json, the versioned data behind the
 * /prime-discoveries page: the known Mersenne primes, the history of the
 * largest known prime, and record holders of a few other forms.
 *
 * Every record names the page its facts were taken from in `source`; fields a
 * source could not settle (a disputed year, an unnamed program) are null.
 */
import { z } from "zod";

/** A year of discovery; the oldest dated record here is 1588 (Cataldi). */
const year = z.number().int().min(1000).max(2100);

const nonEmpty = z.string().trim().min(1);

/** Numbers are written as text with the Unicode minus sign (U+2212), never the ASCII hyphen. */
const numberText = nonEmpty.refine((text) => !text.includes("-"), {
  message: "write the minus sign as U+2212 (−), not as an ASCII hyphen",
});

const digits = z.number().int().positive();

export const mersennePrimeRecordSchema = z.strictObject({
  /** p in 2^p − 1. */
  exponent: z.number().int().min(2),
  /** Decimal digits of 2^p − 1. */
  digits,
  /** Year of discovery; null for those known in antiquity and where the sources disagree. */
  year: year.nullable(),
  /** Person(s) credited, or a phrase such as "known to the ancient Greeks". */
  discoverer: nonEmpty,
  /** "GIMPS" for the project's finds (1996 onwards), otherwise null. */
  project: z.literal("GIMPS").nullable(),
  /** Software that made the find, only when a source names it. */
  program: nonEmpty.nullable(),
  /** How primality was shown, e.g. "Lucas–Lehmer (SWAC)". */
  test: nonEmpty,
  /** Where the facts come from (URL or citation). */
  source: nonEmpty,
});

export const largestKnownRecordSchema = z.strictObject({
  /** Year the number became the largest known prime. */
  year,
  /** The number as text, e.g. "2^127 − 1". */
  number: numberText,
  digits,
  discoverer: nonEmpty,
  form: z.enum(["Mersenne", "other"]),
  source: nonEmpty,
});

export const formRecordSchema = z.strictObject({
  form: z.enum(["twin", "sophie-germain", "factorial", "primorial", "generalized-fermat"]),
  number: numberText,
  digits,
  /** Year of discovery; null when the source does not give it. */
  year: year.nullable(),
  discoverer: nonEmpty,
  source: nonEmpty,
  /** When the source stated the record status: an ISO date, or year and month when the source gives no day. */
  asOf: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/, "expected YYYY-MM-DD or YYYY-MM"),
});

export const primeRecordsSchema = z.strictObject({
  version: z.literal(1),
  /** ISO date of the newest discovery announcement in the file. */
  updated: z.iso.date(),
  /** Known Mersenne primes in increasing order of exponent. */
  mersenne: z.array(mersennePrimeRecordSchema).min(1),
  /** Successive largest known primes, oldest first. */
  largestKnown: z.array(largestKnownRecordSchema).min(1),
  /** Largest known primes of other forms. */
  byForm: z.array(formRecordSchema),
});

export type PrimeRecords = z.infer<typeof primeRecordsSchema>;

/** The three kinds of record, as stored one by one (app/models/prime-record.server.ts). */
export type PrimeRecordKind = "mersenne" | "largest" | "form";

export const recordSchemas = {
  mersenne: mersennePrimeRecordSchema,
  largest: largestKnownRecordSchema,
  form: formRecordSchema,
} as const satisfies Record<PrimeRecordKind, z.ZodType>;

export type RecordContent = { [K in PrimeRecordKind]: z.infer<(typeof recordSchemas)[K]> };
export type MersennePrimeRecord = z.infer<typeof mersennePrimeRecordSchema>;
export type LargestKnownRecord = z.infer<typeof largestKnownRecordSchema>;
export type FormRecord = z.infer<typeof formRecordSchema>;

/** ⌊log10(2) · 10^50⌋, so log10(2) lies in [LOG10_2_SCALED, LOG10_2_SCALED + 1] / 10^50. */
const LOG10_2_SCALED = 30102999566398119521373889472449302676818988146210n;
const SCALE = 10n ** 50n;

/**
 * The number of decimal digits of 2^p − 1, exactly: 2^p is never a power of
 * ten, so 2^p − 1 has as many digits as 2^p, namely ⌊p · log10 2⌋ + 1. The
 * floor is taken with log10 2 bracketed to 50 decimals; both ends of the
 * bracket must agree, which holds for every p below 10^49 except where
 * p · log10 2 falls within 10^-50 · p of an integer (it never does for
 * exponents of practical size; the function throws rather than guess).
 */
export function mersenneDigits(exponent: number): number {
  if (!Number.isSafeInteger(exponent) || exponent < 1) {
    throw new RangeError("mersenneDigits needs a whole exponent ≥ 1");
  }
  const p = BigInt(exponent);
  const low = (p * LOG10_2_SCALED) / SCALE;
  const high = (p * (LOG10_2_SCALED + 1n)) / SCALE;
  if (low !== high) throw new RangeError(`cannot settle the digit count of 2^${exponent} − 1 at this precision`);
  return Number(low) + 1;
}
