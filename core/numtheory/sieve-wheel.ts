/**
 * The mod-30 wheel that the prime sieve is laid out on: one byte stands for the 30 numbers
 * 30j … 30j + 29, and its 8 bits for the 8 of them prime to 30, 30j + c with c in WHEEL.
 * Byte j, bit k: the number 30j + WHEEL[k].
 *
 * For a sieving prime p = 30a + b (b in WHEEL) the multiples p·q with q prime to 30 are the ones
 * to cross off (the others are not on the wheel). Writing q = 30t + WHEEL[k],
 *   p·q = 30(t·p + a·WHEEL[k] + ⌊b·WHEEL[k]/30⌋) + (b·WHEEL[k] mod 30),
 * so within the t-th turn of the wheel the 8 multiples sit at bytes t·p + offset_k with
 * offset_k = a·WHEEL[k] + ⌊b·WHEEL[k]/30⌋, each in a bit that depends on b and k only.
 */

/** The residues mod 30 prime to 30, in order: bit k of a byte stands for 30j + WHEEL[k]. */
export const WHEEL = [1, 7, 11, 13, 17, 19, 23, 29] as const;

/** Index in WHEEL of each residue mod 30, or −1 for residues sharing a factor with 30. */
export const WHEEL_INDEX: Int8Array = (() => {
  const index = new Int8Array(30).fill(-1);
  WHEEL.forEach((c, k) => (index[c] = k));
  return index;
})();

/** For each r in 0…29 the first wheel index k with WHEEL[k] ≥ r (every r ≤ 29 has one). */
const WHEEL_CEILING: Uint8Array = (() => {
  const ceiling = new Uint8Array(30);
  for (let r = 0; r < 30; r += 1) ceiling[r] = WHEEL.findIndex((c) => c >= r);
  return ceiling;
})();

/**
 * Tables indexed by 8·(index of b) + k, for a prime p = 30a + b:
 * - TURN_OFFSET: ⌊b·WHEEL[k]/30⌋, so offset_k = a·WHEEL[k] + TURN_OFFSET[…];
 * - MULTIPLE_BIT: the bit (as a mask) of the multiple p·(30t + WHEEL[k]).
 */
export const TURN_OFFSET = new Uint8Array(64);
export const MULTIPLE_BIT = new Uint8Array(64);
for (let bi = 0; bi < 8; bi += 1) {
  const b = WHEEL[bi]!;
  for (let k = 0; k < 8; k += 1) {
    const c = WHEEL[k]!;
    TURN_OFFSET[bi * 8 + k] = Math.floor((b * c) / 30);
    MULTIPLE_BIT[bi * 8 + k] = 1 << WHEEL_INDEX[(b * c) % 30]!;
  }
}

/** The first multiple to cross off, as the turn's first byte, and its wheel index. */
export interface WheelStart {
  /** t: the multiple is p·q with q = 30t + WHEEL[k]. */
  turn: number;
  /** t·p, the byte where the turn of the wheel holding the multiple starts its offsets from. */
  turnByte: number;
  /** k: the multiple is p·(30t + WHEEL[k]), at byte turnByte + offset_k. */
  k: number;
}

/**
 * The first multiple p·q ≥ n of the prime p ≥ 7 with q prime to 30, as (t·p, k) with q = 30t + WHEEL[k].
 * Exact for n up to 2^53: only remainders and exact quotients are taken.
 */
export function wheelStart(p: number, n: number): WheelStart {
  const rest = n % p;
  const q = (n - rest) / p + (rest > 0 ? 1 : 0);
  const r = q % 30;
  const t = (q - r) / 30;
  return { turn: t, turnByte: t * p, k: WHEEL_CEILING[r]! };
}

/** offset_k for the prime p: the byte of p·(30t + WHEEL[k]) counted from byte t·p. */
export function wheelOffset(p: number, k: number): number {
  const b = p % 30;
  return ((p - b) / 30) * WHEEL[k]! + TURN_OFFSET[WHEEL_INDEX[b]! * 8 + k]!;
}

/**
 * Stepping through the multiples p·q of a prime p = 30a + b with q prime to 210 (the multiples with
 * 7 | q are left to the pre-sieve), one at a time, for primes with few multiples per segment.
 * q runs through the 48 residues mod 210 prime to 210, R210[j]; the state is the byte of p·q and
 * the index 48·(index of b) + j. WHEEL210_STEP[index] packs, for the multiple p·q with q ≡ R210[j]:
 * its bit (bits 0–7), the gap g to the next residue (bits 8–11), the extra bytes (bits 12–15) such
 * that the next multiple is a·g + extra bytes further on, and the index after this one (bits 16–24).
 */
export const R210: Int32Array = Int32Array.from(
  Array.from({ length: 210 }, (_, r) => r).filter((r) => r % 2 !== 0 && r % 3 !== 0 && r % 5 !== 0 && r % 7 !== 0),
);

export const WHEEL210_STEP: Int32Array = (() => {
  const steps = new Int32Array(8 * 48);
  for (let bi = 0; bi < 8; bi += 1) {
    const b = WHEEL[bi]!;
    for (let j = 0; j < 48; j += 1) {
      const r = R210[j]!;
      const gap = (j < 47 ? R210[j + 1]! : 210 + R210[0]!) - r;
      const extra = Math.floor((b * (r + gap)) / 30) - Math.floor((b * r) / 30);
      const bit = 1 << WHEEL_INDEX[(b * r) % 30]!;
      steps[bi * 48 + j] = bit | (gap << 8) | (extra << 12) | ((bi * 48 + ((j + 1) % 48)) << 16);
    }
  }
  return steps;
})();

/** For each r in 0…209 the first j with R210[j] ≥ r (every r ≤ 209 has one). */
const R210_CEILING: Uint8Array = (() => {
  const ceiling = new Uint8Array(210);
  for (let r = 0, j = 0; r < 210; r += 1) {
    while (R210[j]! < r) j += 1;
    ceiling[r] = j;
  }
  return ceiling;
})();

/**
 * The first multiple p·q ≥ n of the prime p ≥ 11 with q prime to 210, as its wheel byte and its
 * WHEEL210_STEP index. Exact for p·q up to 2^53.
 */
export function wheel210Start(p: number, n: number): { byte: number; index: number } {
  const rest = n % p;
  let q = (n - rest) / p + (rest > 0 ? 1 : 0);
  const r = q % 210;
  const j = R210_CEILING[r]!;
  q += R210[j]! - r;
  const product = p * q;
  return { byte: (product - (product % 30)) / 30, index: WHEEL_INDEX[p % 30]! * 48 + j };
}

/**
 * The pre-sieve pattern of some small primes: the wheel bytes 0 … period − 1 (period = their product,
 * after which the pattern repeats) with the bits of their multiples set, the primes themselves
 * included, followed by the first `extra` bytes again so that any `extra` bytes in a row can be
 * copied from one place.
 */
export function presieveBytes(primes: readonly number[], extra: number): Uint8Array {
  const period = primes.reduce((product, p) => product * p, 1);
  const bytes = new Uint8Array(period + extra);
  for (const p of primes) {
    // The multiples of p on the wheel, p·(30t + WHEEL[k]) for t = 0, 1, …: byte t·p + offset_k.
    for (let k = 0; k < 8; k += 1) {
      const bit = 1 << WHEEL_INDEX[(p * WHEEL[k]!) % 30]!;
      for (let j = wheelOffset(p, k); j < bytes.length; j += p) bytes[j]! |= bit;
    }
  }
  return bytes;
}

/**
 * A pre-sieve pattern as 32-bit words: its period (an odd number of bytes) four times over and then
 * `extra` bytes more. Pattern byte x is at byte y of these words for each y ≡ x (mod period), one of
 * the first four of which is a multiple of 4, so `extra` bytes from any starting byte are whole words.
 */
export interface PresieveWords {
  period: number;
  words: Uint32Array;
}

export function presieveWords(primes: readonly number[], extra: number): PresieveWords {
  const period = primes.reduce((product, p) => product * p, 1);
  const bytes = presieveBytes(primes, 3 * period + extra + 3);
  return { period, words: new Uint32Array(bytes.buffer, 0, Math.floor(bytes.length / 4)) };
}

/** The index of the word of `pattern` whose first byte is pattern byte `byte` (mod the period). */
export function presieveWordIndex(pattern: PresieveWords, byte: number): number {
  const { period } = pattern;
  let y = byte % period;
  while (y % 4 !== 0) y += period;
  return y / 4;
}
