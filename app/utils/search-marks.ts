/** Where a search marks a matched word in its titles and snippets; never in lesson text. */
export const MATCH_START = "\u0002";
export const MATCH_END = "\u0003";

/** A marked text in pieces, each matched or not. */
export function markedPieces(marked: string): { text: string; matched: boolean }[] {
  const pieces: { text: string; matched: boolean }[] = [];
  for (const part of marked.split(MATCH_START)) {
    const end = part.indexOf(MATCH_END);
    if (end >= 0) {
      pieces.push({ text: part.slice(0, end), matched: true });
      pieces.push({ text: part.slice(end + 1).replaceAll(MATCH_END, ""), matched: false });
    } else {
      pieces.push({ text: part, matched: false });
    }
  }
  return pieces.filter((piece) => piece.text !== "");
}

/** Text a search may show: without the marks or any other control character but tab and newline. */
export function withoutControlCharacters(text: string): string {
  let clean = "";
  for (const char of text) {
    const code = char.charCodeAt(0);
    clean += code < 32 && char !== "\t" && char !== "\n" ? " " : char;
  }
  return clean;
}
