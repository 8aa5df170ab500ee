/**
 * Templates write formulas between dollars, `$…$` inline and `$$…$$` on their
 * own line. Questions are shown through the lesson renderer, where a `$`
 * directly before a digit is money (SPEC.md §4), so `$7^{4}$` would not be a
 * formula there. Generated text never holds money: every dollar pair is a
 * formula, written out with the delimiters that have no such rule.
 */
export function explicitFormulaDelimiters(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    if (text[i] === "\\" && i + 1 < text.length) {
      out += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (text[i] !== "$") {
      out += text[i];
      i += 1;
      continue;
    }
    const display = text[i + 1] === "$";
    const opener = display ? "$$" : "$";
    const close = findCloser(text, i + opener.length, opener);
    if (close < 0) {
      // An unpaired dollar stays as it is; the lesson renderer shows it as text.
      out += text.slice(i);
      break;
    }
    const formula = text.slice(i + opener.length, close);
    out += display ? `\\[${formula}\\]` : `\\(${formula}\\)`;
    i = close + opener.length;
  }
  return out;
}

function findCloser(text: string, from: number, closer: string): number {
  for (let j = from; j < text.length; j++) {
    if (text[j] === "\\") {
      j += 1;
      continue;
    }
    if (text.startsWith(closer, j)) return j;
  }
  return -1;
}
