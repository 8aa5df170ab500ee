import type { AnswerKey } from "./question";

/** How the words and the options of a described key are written out: as they are, or e.g. as HTML. */
export interface KeyFormat {
  text(words: string): string;
  /** A choice's option, written in the question's Markdown. */
  option(markdown: string): string;
}

const asText: KeyFormat = { text: (words) => words, option: (markdown) => markdown };

/** An answer key in words, for authors checking a question ("x ≡ 3 (mod 7)", "3/4", "0.125 ± 0.001"). */
export function describeKey(key: AnswerKey, format: KeyFormat = asText): string {
  const { text } = format;
  switch (key.kind) {
    case "choice": {
      const correct = key.correct
        .map((index) => `${text(`${String.fromCharCode(65 + index)}: `)}${format.option(key.options[index] ?? "")}`)
        .join(text("; "));
      return `${text(key.multiple ? "every correct option: " : "one option: ")}${correct}`;
    }
    case "integer":
      return text(
        key.modulus === undefined ? `the integer ${key.value}` : `the remainder ${key.value} (mod ${key.modulus})`,
      );
    case "fraction":
      return text(`the fraction ${key.numerator}/${key.denominator}`);
    case "decimal":
      return text(`${key.value} within ±${key.tolerance}`);
    case "expression":
      return text(
        `an expression equal to ${key.expected}${key.variables.length > 0 ? ` in ${key.variables.join(", ")}` : ""}${key.form ? `, in ${key.form} form` : ""}`,
      );
    case "congruence":
      return text(`${key.variable} ≡ ${key.residue} (mod ${key.modulus})`);
  }
}
