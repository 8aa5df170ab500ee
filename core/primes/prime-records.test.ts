import { describe, expect, it } from "vitest";
import records from "#content/prime-records.json";
import { mersenneDigits, primeRecordsSchema, type PrimeRecords } from "./prime-records";

const data: PrimeRecords = primeRecordsSchema.parse(records);

/** Primality by trial division: the oracle for exponents (all below 2^28, so at most ~12,000 divisions). */
function isPrimeByTrialDivision(n: number): boolean {
  if (n < 2) return false;
  if (n % 2 === 0) return n === 2;
  for (let d = 3; d * d <= n; d += 2) if (n % d === 0) return false;
  return true;
}

/** Lucas–Lehmer written out directly: for an odd prime p, 2^p − 1 is prime iff s_{p−2} ≡ 0 with s_0 = 4, s_{k+1} = s_k² − 2. */
function mersenneIsPrime(p: number): boolean {
  if (p === 2) return true;
  const m = (1n << BigInt(p)) - 1n;
  let s = 4n;
  for (let i = 0; i < p - 2; i += 1) s = (s * s - 2n) % m;
  return s === 0n;
}

/** Decimal digits of a positive BigInt, by the string length (fine up to a few hundred thousand digits). */
const decimalDigits = (n: bigint) => n.toString().length;

/** Whether 10^(d−1) ≤ n < 10^d, without converting n to a string. */
const hasDigits = (n: bigint, d: number) => 10n ** BigInt(d - 1) <= n && n < 10n ** BigInt(d);

/** Parses "2^p − 1" (Unicode minus) and returns p, or null. */
function mersenneExponent(text: string): number | null {
  const match = /^2\^(\d+) − 1$/.exec(text);
  return match ? Number(match[1]) : null;
}

/**
 * The non-Mersenne entries of the history, rebuilt exactly with BigInt from
 * their written form, so that the stored digit counts are recomputed here.
 */
const OTHER_RECORDS: Record<string, () => bigint> = {
  "(2^59 − 1)/179951": () => {
    const n = (1n << 59n) - 1n;
    expect(n % 179951n).toBe(0n);
    return n / 179951n;
  },
  "(2^148 + 1)/17": () => {
    const n = (1n << 148n) + 1n;
    expect(n % 17n).toBe(0n);
    return n / 17n;
  },
  "180 · (2^127 − 1)^2 + 1": () => 180n * ((1n << 127n) - 1n) ** 2n + 1n,
  "391581 · 2^216193 − 1": () => 391581n * (1n << 216193n) - 1n,
};

/** Sum of the terms, with Neumaier's compensation: millions of logarithms lose no digit that matters. */
function compensatedSum(terms: Iterable<number>): number {
  let sum = 0;
  let compensation = 0;
  for (const term of terms) {
    const t = sum + term;
    compensation += Math.abs(sum) >= Math.abs(term) ? sum - t + term : term - t + sum;
    sum = t;
  }
  return sum + compensation;
}

/** Sum of log10 p over the primes p ≤ n. */
function log10Primorial(n: number): number {
  const composite = new Uint8Array(n + 1);
  return compensatedSum(
    (function* () {
      for (let p = 2; p <= n; p += 1) {
        if (composite[p]) continue;
        for (let q = p * p; q <= n; q += p) composite[q] = 1;
        yield Math.log10(p);
      }
    })(),
  );
}

/** log10 n! as the sum of log10 k for k ≤ n. */
function log10Factorial(n: number): number {
  return compensatedSum(
    (function* () {
      for (let k = 2; k <= n; k += 1) yield Math.log10(k);
    })(),
  );
}

/** ⌊x⌋ + 1 for a floating-point logarithm, refusing when x is too close to an integer to trust the floor. */
function digitsFromLog10(x: number, tolerance: number): number {
  const fraction = x - Math.floor(x);
  expect(fraction).toBeGreaterThan(tolerance);
  expect(fraction).toBeLessThan(1 - tolerance);
  return Math.floor(x) + 1;
}

describe("mersenneDigits", () => {
  it("matches the length of 2^p − 1 written out, for every p up to 1500 and a few larger ones", () => {
    for (let p = 1; p <= 1500; p += 1)
      expect(mersenneDigits(p), `p = ${p}`).toBe(decimalDigits((1n << BigInt(p)) - 1n));
    for (const p of [9689, 19937, 44497, 86243]) expect(mersenneDigits(p)).toBe(decimalDigits((1n << BigInt(p)) - 1n));
  });

  it("agrees with the floating-point formula ⌊p·log10 2⌋ + 1 where that is unambiguous", () => {
    for (const { exponent } of data.mersenne) {
      expect(mersenneDigits(exponent)).toBe(digitsFromLog10(exponent * Math.log10(2), 1e-6));
    }
  });

  it("rejects exponents that are not whole and positive", () => {
    for (const bad of [0, -3, 2.5, Number.NaN, 2 ** 60]) expect(() => mersenneDigits(bad)).toThrow(RangeError);
  });
});

describe("content/prime-records.json", () => {
  it("parses with the schema", () => {
    expect(primeRecordsSchema.safeParse(records).success).toBe(true);
    expect(data.version).toBe(1);
  });

  it("the schema refuses an ASCII hyphen as a minus sign and unknown fields", () => {
    const first = data.largestKnown[0]!;
    const hyphen = { ...data, largestKnown: [{ ...first, number: "2^127 - 1" }] };
    expect(primeRecordsSchema.safeParse(hyphen).success).toBe(false);
    const extra = { ...data, mersenne: [{ ...data.mersenne[0]!, note: "x" }] };
    expect(primeRecordsSchema.safeParse(extra).success).toBe(false);
  });

  describe("mersenne", () => {
    it("lists 52 primes, ending with M136279841 (announced 21 October 2024)", () => {
      expect(data.mersenne).toHaveLength(52);
      expect(data.mersenne.at(-1)!.exponent).toBe(136279841);
      expect(data.mersenne.at(-1)!.year).toBe(2024);
      expect(data.updated).toBe("2024-10-21");
    });

    it("has strictly increasing exponents, each of them prime", () => {
      data.mersenne.forEach(({ exponent }, i) => {
        expect(isPrimeByTrialDivision(exponent), `${exponent} is prime`).toBe(true);
        if (i > 0) expect(exponent).toBeGreaterThan(data.mersenne[i - 1]!.exponent);
      });
    });

    it("stores the digit count of every 2^p − 1, checked against the number itself for p ≤ 1279", () => {
      for (const { exponent, digits } of data.mersenne) {
        expect(digits, `M${exponent}`).toBe(mersenneDigits(exponent));
        if (exponent <= 1279) expect(digits, `M${exponent}`).toBe((2n ** BigInt(exponent) - 1n).toString().length);
      }
    });

    it("contains exactly the Mersenne primes with p ≤ 607, by the Lucas–Lehmer test", () => {
      const listed = data.mersenne.map((r) => r.exponent).filter((p) => p <= 607);
      const found: number[] = [];
      for (let p = 2; p <= 607; p += 1) if (isPrimeByTrialDivision(p) && mersenneIsPrime(p)) found.push(p);
      expect(listed).toEqual(found);
    });

    it("credits GIMPS only from 1996 on and gives years in range", () => {
      for (const r of data.mersenne) {
        if (r.project === "GIMPS") expect(r.year).toBeGreaterThanOrEqual(1996);
        if (r.year !== null) expect(r.year).toBeLessThanOrEqual(Number(data.updated.slice(0, 4)));
      }
    });
  });

  describe("largestKnown", () => {
    it("runs from the 19th century to the current record, years non-decreasing and sizes increasing", () => {
      expect(data.largestKnown[0]!.year).toBeGreaterThanOrEqual(1801);
      expect(data.largestKnown[0]!.year).toBeLessThanOrEqual(1900);
      data.largestKnown.forEach((r, i) => {
        if (i === 0) return;
        const previous = data.largestKnown[i - 1]!;
        expect(r.year, r.number).toBeGreaterThanOrEqual(previous.year);
        expect(r.digits, r.number).toBeGreaterThan(previous.digits);
      });
      expect(data.largestKnown.at(-1)!.number).toBe(`2^${data.mersenne.at(-1)!.exponent} − 1`);
    });

    it("stores digit counts that match the numbers", () => {
      for (const r of data.largestKnown) {
        const p = mersenneExponent(r.number);
        if (r.form === "Mersenne") {
          expect(p, r.number).not.toBeNull();
          expect(r.digits, r.number).toBe(mersenneDigits(p!));
          const listed = data.mersenne.find((m) => m.exponent === p);
          expect(listed, `${r.number} is in the Mersenne list`).toBeDefined();
          expect(listed!.digits).toBe(r.digits);
        } else {
          expect(p, r.number).toBeNull();
          const build = OTHER_RECORDS[r.number];
          expect(build, `an oracle for ${r.number}`).toBeDefined();
          expect(r.digits, r.number).toBe(decimalDigits(build!()));
        }
      }
    });
  });

  describe("byForm", () => {
    it("stores digit counts that match the numbers", () => {
      for (const r of data.byForm) {
        const twin = /^(\d+) · 2\^(\d+) ± 1$/.exec(r.number);
        const primorial = /^(\d+)# \+ 1$/.exec(r.number);
        const germain = /^(\d+) · 2\^(\d+) − 1$/.exec(r.number);
        const factorial = /^(\d+)! [+−] 1$/.exec(r.number);
        const fermat = /^(\d+)\^(\d+) \+ 1$/.exec(r.number);
        if (r.form === "twin" && twin) {
          const centre = BigInt(twin[1]!) << BigInt(twin[2]!);
          expect(hasDigits(centre - 1n, r.digits) && hasDigits(centre + 1n, r.digits), r.number).toBe(true);
        } else if (r.form === "primorial" && primorial) {
          const p = Number(primorial[1]);
          expect(isPrimeByTrialDivision(p)).toBe(true);
          // Adding 1 cannot change the digit count: p# is not a power of ten.
          expect(r.digits, r.number).toBe(digitsFromLog10(log10Primorial(p), 1e-6));
        } else if (r.form === "sophie-germain" && germain) {
          expect(hasDigits((BigInt(germain[1]!) << BigInt(germain[2]!)) - 1n, r.digits), r.number).toBe(true);
        } else if (r.form === "factorial" && factorial) {
          // n! ± 1 has the digits of n!, which is not a power of ten (nor one less) for n > 3.
          expect(r.digits, r.number).toBe(digitsFromLog10(log10Factorial(Number(factorial[1])), 1e-6));
        } else if (r.form === "generalized-fermat" && fermat) {
          const exponent = Number(fermat[2]);
          expect(exponent & (exponent - 1), `${r.number}: the exponent is a power of 2`).toBe(0);
          expect(r.digits, r.number).toBe(digitsFromLog10(exponent * Math.log10(Number(fermat[1])), 1e-6));
        } else {
          throw new Error(`no digit-count oracle for ${r.form} ${r.number}`);
        }
      }
    });

    it("has at most one record per form, each dated no later than its status check", () => {
      const forms = data.byForm.map((r) => r.form);
      expect(new Set(forms).size).toBe(forms.length);
      for (const r of data.byForm) if (r.year !== null) expect(r.year).toBeLessThanOrEqual(Number(r.asOf.slice(0, 4)));
    });
  });

  it("gives every record a non-empty source", () => {
    for (const r of [...data.mersenne, ...data.largestKnown, ...data.byForm])
      expect(r.source.trim().length).toBeGreaterThan(0);
  });

  it("cites the Prime Pages for every Mersenne prime and every step of the record's history", () => {
    for (const r of [...data.mersenne, ...data.largestKnown])
      expect(r.source, JSON.stringify(r)).toMatch(/https:\/\/t5k\.org\//);
  });

  it("cites no forum post or aggregator copy where the original is known: GIMPS's own pages and the Prime Pages instead", () => {
    const reposts = /free-dc\.org|flashback\.org|democraticunderground\.com|thefreelibrary\.com/i;
    for (const r of [...data.mersenne, ...data.largestKnown, ...data.byForm]) {
      expect(r.source, JSON.stringify(r)).not.toMatch(reposts);
    }
  });
});
