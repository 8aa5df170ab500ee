import { describe, expect, it } from "vitest";
import type { Factor } from "#core/numtheory/factorization-types";
import {
  abbreviate,
  factorizationTex,
  factorizationText,
  formatDuration,
  progressLabel,
  progressPercent,
  resultSummary,
} from "./factorization-text";

const f360: Factor[] = [
  { value: 2n, exponent: 3, kind: "prime" },
  { value: 3n, exponent: 2, kind: "prime" },
  { value: 5n, exponent: 1, kind: "prime" },
];

describe("factorization text", () => {
  it("writes TeX and plain text that multiply back to n", () => {
    expect(factorizationTex(360n, f360)).toBe("360 = 2^{3} \\cdot 3^{2} \\cdot 5");
    expect(factorizationText(360n, f360)).toBe("360 = 2^3 * 3^2 * 5");
    const f12: Factor[] = [
      { value: 2n, exponent: 2, kind: "prime" },
      { value: 3n, exponent: 1, kind: "prime" },
    ];
    expect(factorizationTex(-12n, f12)).toBe("-12 = -1 \\cdot 2^{2} \\cdot 3");
    expect(factorizationText(-12n, f12)).toBe("-12 = -1 * 2^2 * 3");
    expect(factorizationTex(97n, [{ value: 97n, exponent: 1, kind: "prime" }])).toBe("97");
    expect(factorizationTex(1n, [])).toBe("1");
  });

  it("lets long numbers break every ten digits without changing them", () => {
    // 2^128 + 1 = 59649589127497217 × 5704689200685129054721 (Morrison–Brillhart, 1970).
    const factors: Factor[] = [
      { value: 59649589127497217n, exponent: 1, kind: "prime" },
      { value: 5704689200685129054721n, exponent: 1, kind: "prime" },
    ];
    const tex = factorizationTex(2n ** 128n + 1n, factors);
    expect(tex).toContain("5964958912\\allowbreak 7497217");
    expect(tex.replaceAll("\\allowbreak ", "")).toBe(
      `${2n ** 128n + 1n} = 59649589127497217 \\cdot 5704689200685129054721`,
    );
  });

  it("summarises a result in one sentence", () => {
    expect(resultSummary("360", 360n, f360, true)).toBe("360 = 2^3 × 3^2 × 5, 3 distinct primes");
    expect(resultSummary("M(61)", 2n ** 61n - 1n, [{ value: 2n ** 61n - 1n, exponent: 1, kind: "prime" }], true)).toBe(
      "M(61) is prime",
    );
    const stopped: Factor[] = [
      { value: 3n, exponent: 1, kind: "prime" },
      { value: 10n ** 69n + 7n, exponent: 1, kind: "composite" },
    ];
    expect(resultSummary("x", 3n * (10n ** 69n + 7n), stopped, false)).toBe(
      "Not finished: x = 3 × a 70-digit number, with a composite factor left to split",
    );
    expect(resultSummary("y", 10n ** 69n + 7n, [stopped[1]!], false)).toBe(
      "Not finished: y is composite, and no factor of it was found yet",
    );
  });

  it("labels progress with method, size, counts and time left", () => {
    const ecm = { method: "ecm" as const, digits: 70, curvesDone: 12, curvesPlanned: 90, secondsLeft: 30 };
    expect(progressLabel(ecm)).toBe("Elliptic curves (ECM) on a 70-digit number: 12 of 90 curves, about 30.0 s left");
    expect(progressPercent(ecm)).toBeCloseTo(100 * (12 / 90));
    const siqs = { method: "siqs" as const, digits: 60, relationsFound: 1500, relationsNeeded: 3000 };
    expect(progressLabel(siqs)).toBe("Quadratic sieve (SIQS) on a 60-digit number: 1,500 of 3,000 relations");
    expect(progressPercent(siqs)).toBe(50);
    expect(progressPercent({ method: "rho", digits: 12 })).toBeNull();
  });

  it("formats durations and long numbers", () => {
    expect(formatDuration(42)).toBe("0.042 s");
    expect(formatDuration(3_449)).toBe("3.4 s");
    expect(formatDuration(125_000)).toBe("2 min 05 s");
    expect(abbreviate(12345n)).toBe("12345");
    expect(abbreviate(10n ** 39n + 1n)).toBe("10000000…00000001 (40 digits)");
  });
});
