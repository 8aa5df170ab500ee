import { describe, expect, it } from "vitest";
import { stopAfter } from "./test-oracles";
import { FactorizationStopped } from "./factorization-types";
import { pollardPMinus1 } from "./pollard-p-minus-1";

// Fixtures from PARI/GP: the factorisation of znorder(Mod(3, p)), the order of this module's base.
/** ord₃ = 2²·3²·5·7·11·17·19·23·29·31·37·41·43·47·20113. */
const ORDER_ENDS_20113 = 148407338366427932751961n;
/** ord₃ = 2²·5·7·11·13·17·19·23·29·31·37·41·43·47·20123. */
const ORDER_ENDS_20123 = 148481125140338551721161n;
/** ord₃ = 2³·3·5²·7²·11·13·17·19·23·29·31·37·97. */
const ORDER_ENDS_97 = 201547247741439601n;
/** ord₃ = 2·3²·5·7·11·13·17·19·29·31·37·41·613. */
const ORDER_ENDS_613 = 3357097407759235141n;
/** 10^30 + 57, prime; ord₃ = 79043·3998741·290240017·454197539, out of reach of every bound here. */
const COFACTOR = 1000000000000000000000000000057n;

describe("pollardPMinus1", () => {
  it("finds p in stage 1 when B1 covers every prime power of the order", () => {
    expect(pollardPMinus1(ORDER_ENDS_97 * COFACTOR, { B1: 100, B2: 100 })).toBe(ORDER_ENDS_97);
    expect(pollardPMinus1(ORDER_ENDS_97 * COFACTOR, { B1: 96, B2: 96 })).toBeNull();
    expect(pollardPMinus1(ORDER_ENDS_613 * COFACTOR, { B1: 613, B2: 0 })).toBe(ORDER_ENDS_613);
  });

  it("finds p in stage 2 when the one prime above B1 is at most B2", () => {
    const n = ORDER_ENDS_20113 * COFACTOR;
    expect(pollardPMinus1(n, { B1: 50, B2: 20_113 })).toBe(ORDER_ENDS_20113);
    expect(pollardPMinus1(n, { B1: 50, B2: 20_112 })).toBeNull();
    expect(pollardPMinus1(n, { B1: 46, B2: 100_000 })).toBeNull();
    expect(pollardPMinus1(ORDER_ENDS_20123 * COFACTOR, { B1: 2_000, B2: 1_000_000 })).toBe(ORDER_ENDS_20123);
  });

  it("separates two primes met in the same stretch of stage 1 (gcd = n)", () => {
    const n = ORDER_ENDS_97 * ORDER_ENDS_613;
    expect(pollardPMinus1(n, { B1: 1_000, B2: 1_000 })).toBe(ORDER_ENDS_97);
  });

  it("separates two primes met in the same batch of stage 2 (gcd = n)", () => {
    const n = ORDER_ENDS_20113 * ORDER_ENDS_20123;
    expect(pollardPMinus1(n, { B1: 100, B2: 30_000 })).toBe(ORDER_ENDS_20113);
  });

  it("returns tiny factors and gives up on primes", () => {
    expect(pollardPMinus1(2n * COFACTOR, { B1: 100, B2: 1000 })).toBe(2n);
    expect(pollardPMinus1(3n * COFACTOR, { B1: 100, B2: 1000 })).toBe(3n);
    expect(pollardPMinus1(7n * COFACTOR, { B1: 100, B2: 1000 })).toBe(7n);
    expect(pollardPMinus1(COFACTOR, { B1: 1000, B2: 100_000 })).toBeNull();
    expect(pollardPMinus1(3n, { B1: 10, B2: 100 })).toBeNull();
  });

  it("splits the smooth part of 2^67 − 1 = 193707721 · 761838257287", () => {
    // 193707721 − 1 = 2³·3³·5·67·2677 (Cole's factor; checked with PARI/GP).
    expect(pollardPMinus1(2n ** 67n - 1n, { B1: 100, B2: 3_000 })).toBe(193707721n);
  });

  it("stops when the signal is raised, before or during the run", () => {
    const n = ORDER_ENDS_20113 * COFACTOR;
    expect(() => pollardPMinus1(n, { B1: 1000, B2: 100_000, signal: { aborted: true } })).toThrow(FactorizationStopped);
    const signal = stopAfter(3);
    expect(() => pollardPMinus1(n, { B1: 10_000, B2: 1_000_000, signal })).toThrow(FactorizationStopped);
    expect(signal.reads).toBe(4);
  });
});
