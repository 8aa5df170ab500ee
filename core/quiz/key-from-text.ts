/**
 * An answer key typed by an author on the validator pages: the kind, then the
 * expected answer in a short notation. Refusals say what is wrong.
 *   integer     42              (a remainder on division by 7: "3 remainder mod 7")
 *   fraction    3/4
 *   decimal     0.125 ± 0.001   (or +- ; the tolerance defaults to 1e-9)
 *   expression  2x + 2 in x     (or "in x, y"; add "factored" or "expanded" at the end)
 *   congruence  3 mod 7         (or 3 (mod 7); the variable is x)
 * and, for questions authors write, a choice key: its options one per line,
 * the right ones starting with "*" (choiceKeyFromText).
 */
import type { AnswerKey, AnswerKind } from "./question";

export const TYPED_KEY_KINDS = [
  "integer",
  "fraction",
  "decimal",
  "expression",
  "congruence",
] as const satisfies readonly AnswerKind[];
export type TypedKeyKind = (typeof TYPED_KEY_KINDS)[number];

/** The tolerance of a decimal key typed without one. */
export const DEFAULT_DECIMAL_TOLERANCE = 1e-9;

export type KeyFromText = { ok: true; key: AnswerKey } | { ok: false; message: string };

const refuse = (message: string): KeyFromText => ({ ok: false, message });

export function keyFromText(kind: TypedKeyKind, text: string): KeyFromText {
  const expected = text.trim();
  if (expected === "") return refuse("Type the expected answer.");
  switch (kind) {
    case "integer": {
      const match = /^([+-]?\d+)(?:\s+remainder\s+mod\s+(\d+))?$/.exec(expected);
      if (!match) {
        return refuse(
          'An integer key is digits with an optional sign, such as -12, or a remainder such as "3 remainder mod 7".',
        );
      }
      const value = BigInt(match[1]!);
      if (match[2] === undefined) return { ok: true, key: { kind, value: value.toString() } };
      const modulus = BigInt(match[2]);
      if (modulus < 1n) return refuse("The modulus must be at least 1.");
      if (value < 0n || value >= modulus)
        return refuse(`A remainder on division by ${modulus} lies between 0 and ${modulus - 1n}.`);
      return { ok: true, key: { kind, value: value.toString(), modulus: modulus.toString() } };
    }
    case "fraction": {
      const match = /^([+-]?\d+)\s*\/\s*(\d+)$/.exec(expected);
      if (!match) return refuse("A fraction key is written numerator/denominator, such as 3/4.");
      if (BigInt(match[2]!) === 0n) return refuse("The denominator cannot be 0.");
      return {
        ok: true,
        key: { kind, numerator: BigInt(match[1]!).toString(), denominator: BigInt(match[2]!).toString() },
      };
    }
    case "decimal": {
      const [value, tolerance] = expected.split(/±|\+-/).map((part) => part.trim());
      const number = Number(value);
      const within = tolerance === undefined ? DEFAULT_DECIMAL_TOLERANCE : Number(tolerance);
      if (value === "" || !Number.isFinite(number)) return refuse("A decimal key is a number, such as 0.125 ± 0.001.");
      if (!Number.isFinite(within) || within < 0) return refuse("The tolerance must be a number of at least 0.");
      return { ok: true, key: { kind, value: number, tolerance: within } };
    }
    case "expression": {
      const match = /^(.*?)(?:\s+in\s+([a-zA-Z](?:\s*,\s*[a-zA-Z])*))?(?:\s+(factored|expanded))?$/.exec(expected);
      const body = match?.[1]?.trim() ?? "";
      if (body === "") return refuse("Type the expression, such as 2x + 2 in x.");
      const variables = match?.[2] ? match[2].split(",").map((name) => name.trim()) : [];
      const form = match?.[3] as "factored" | "expanded" | undefined;
      return { ok: true, key: { kind, expected: body, variables, ...(form ? { form } : {}) } };
    }
    case "congruence": {
      const match = /^([+-]?\d+)\s*(?:\(\s*mod\s+(\d+)\s*\)|mod\s+(\d+))$/.exec(expected);
      const modulus = match?.[2] ?? match?.[3];
      if (!match || !modulus) return refuse("A congruence key is written residue mod modulus, such as 3 mod 7.");
      if (BigInt(modulus) < 1n) return refuse("The modulus must be at least 1.");
      return {
        ok: true,
        key: { kind, residue: BigInt(match[1]!).toString(), modulus: BigInt(modulus).toString(), variable: "x" },
      };
    }
  }
}

/** How many options a choice may offer. */
export const CHOICE_OPTIONS = { min: 2, max: 10 } as const;

export function choiceKeyFromText(text: string, multiple: boolean): KeyFromText {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (lines.length < CHOICE_OPTIONS.min || lines.length > CHOICE_OPTIONS.max) {
    return refuse(`Write from ${CHOICE_OPTIONS.min} to ${CHOICE_OPTIONS.max} options, one per line.`);
  }
  const options = lines.map((line) => line.replace(/^\*\s*/, ""));
  if (options.some((option) => option === "")) return refuse("An option is empty: write it after the *.");
  const correct = lines.flatMap((line, index) => (line.startsWith("*") ? [index] : []));
  if (correct.length === 0) return refuse("Mark the right option with a * at the start of its line.");
  if (!multiple && correct.length > 1) {
    return refuse("Only one option may be marked right, unless learners may pick several.");
  }
  return { ok: true, key: { kind: "choice", options, correct, multiple } };
}

/** A key in the notation above: what an editor shows for a saved key. */
export function keyToText(key: AnswerKey): string {
  switch (key.kind) {
    case "choice":
      return key.options.map((option, index) => (key.correct.includes(index) ? `* ${option}` : option)).join("\n");
    case "integer":
      return key.modulus === undefined ? key.value : `${key.value} remainder mod ${key.modulus}`;
    case "fraction":
      return `${key.numerator}/${key.denominator}`;
    case "decimal":
      return `${key.value} ± ${key.tolerance}`;
    case "expression":
      return [key.expected, key.variables.length > 0 ? `in ${key.variables.join(", ")}` : "", key.form ?? ""]
        .filter((piece) => piece !== "")
        .join(" ");
    case "congruence":
      return `${key.residue} mod ${key.modulus}`;
  }
}
