import type { AnswerKey } from "./question";

/** An answer key in words, for authors checking a question ("x ≡ 3 (mod 7)", "3/4", "0.125 ± 0.001"). */
export function describeKey(key: AnswerKey): string {
  switch (key.kind) {
    case "choice": {
      const correct = key.correct
        .map((index) => `${String.fromCharCode(65 + index)}: ${key.options[index]}`)
        .join("; ");
      return `${key.multiple ? "every correct option" : "one option"}: ${correct}`;
    }
    case "integer":
      return `the integer ${key.value}`;
    case "fraction":
      return `the fraction ${key.numerator}/${key.denominator}`;
    case "decimal":
      return `${key.value} within ±${key.tolerance}`;
    case "expression":
      return `an expression equal to ${key.expected}${key.variables.length > 0 ? ` in ${key.variables.join(", ")}` : ""}${key.form ? `, in ${key.form} form` : ""}`;
    case "congruence":
      return `${key.variable} ≡ ${key.residue} (mod ${key.modulus})`;
  }
}
