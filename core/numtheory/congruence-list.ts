/**
 * Reading a list of congruences as people write them: "2 mod 3, 3 mod 5",
 * "x ≡ 2 (mod 3); x ≡ 3 (mod 5)" or "x = 2 mod 3", one per comma, semicolon
 * or line. Limits are the solver's: at most 6 congruences, moduli 1 … 10⁶.
 */
import { CRT_MAX_CONGRUENCES, CRT_MAX_MODULUS, type Congruence } from "./chinese-remainder";

/** Residues may be negative; 13 digits keep them readable and far from any limit. */
export const RESIDUE_MAX_DIGITS = 13;

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** A remainder a: a whole number, possibly negative. */
export function parseResidue(text: string): Parsed<bigint> {
  const trimmed = text.trim().replace(/^[−–]/, "-");
  if (!new RegExp(`^-?\\d{1,${RESIDUE_MAX_DIGITS}}$`).test(trimmed)) {
    return { ok: false, message: `"${text}" is not a whole number of at most ${RESIDUE_MAX_DIGITS} digits` };
  }
  return { ok: true, value: BigInt(trimmed) };
}

/** A modulus m: a whole number from 1 to 10⁶. */
export function parseModulus(text: string): Parsed<bigint> {
  const trimmed = text.trim();
  if (!/^\d{1,7}$/.test(trimmed)) return { ok: false, message: `"${text}" is not a whole number from 1 to 1000000` };
  const value = BigInt(trimmed);
  if (value < 1n || value > CRT_MAX_MODULUS)
    return { ok: false, message: `the modulus ${trimmed} is not from 1 to 1000000` };
  return { ok: true, value };
}

const CONGRUENCE = /^(?:x\s*(?:≡|==?|\\equiv)\s*)?(\S+?)\s*\(?\s*(?:mod|\\pmod)(?![a-z])\s*\{?\s*(\S+?)\s*\}?\s*\)?$/i;

/** One congruence: "a mod m", "x ≡ a (mod m)" or "x = a mod m". */
export function parseCongruence(text: string): Parsed<Congruence> {
  const match = CONGRUENCE.exec(text.trim());
  if (!match) return { ok: false, message: `"${text.trim()}" is not of the form "a mod m"` };
  const residue = parseResidue(match[1]!);
  if (!residue.ok) return residue;
  const modulus = parseModulus(match[2]!);
  if (!modulus.ok) return modulus;
  return { ok: true, value: { residue: residue.value, modulus: modulus.value } };
}

/** A list of 1 to 6 congruences, or the first problem with it. */
export function parseCongruenceList(text: string): Parsed<Congruence[]> {
  const items = text
    .split(/[,;\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== "");
  if (items.length === 0) return { ok: false, message: "no congruence given" };
  if (items.length > CRT_MAX_CONGRUENCES) {
    return { ok: false, message: `${items.length} congruences: at most ${CRT_MAX_CONGRUENCES} are allowed` };
  }
  const congruences: Congruence[] = [];
  for (const item of items) {
    const parsed = parseCongruence(item);
    if (!parsed.ok) return parsed;
    congruences.push(parsed.value);
  }
  return { ok: true, value: congruences };
}
