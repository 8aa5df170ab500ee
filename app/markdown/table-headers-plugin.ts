import type { MarkdownIt, StateCore, Token } from "markdown-it";

/**
 * Header cells that screen readers can announce: column headers get `scope="col"`, and a table whose top-left
 * cell is empty is read as two-way (a row label down the first column, as in a multiplication table), so each
 * row's first cell becomes its `<th scope="row">` and the empty corner an ordinary cell.
 */
export function tableHeadersPlugin(md: MarkdownIt): void {
  md.core.ruler.push("lesson_table_headers", scopeHeaders);
}

function scopeHeaders(state: StateCore): void {
  const tokens = state.tokens;
  let twoWay = false;
  let firstCellOfRow = false;
  let inHead = false;
  tokens.forEach((token, index) => {
    switch (token.type) {
      case "thead_open":
        inHead = true;
        twoWay = isEmptyCell(tokens, index + 2);
        break;
      case "thead_close":
        inHead = false;
        break;
      case "tr_open":
        firstCellOfRow = true;
        break;
      case "th_open":
        if (twoWay && firstCellOfRow) retag(tokens, index, "td");
        else token.attrSet("scope", "col");
        firstCellOfRow = false;
        break;
      case "td_open":
        if (twoWay && firstCellOfRow && !inHead) {
          retag(tokens, index, "th");
          token.attrSet("scope", "row");
        }
        firstCellOfRow = false;
        break;
      case "table_close":
        twoWay = false;
        break;
    }
  });
}

/** Whether the cell opened at `index` (th_open, inline, th_close) holds nothing. */
function isEmptyCell(tokens: Token[], index: number): boolean {
  return tokens[index]?.type === "th_open" && tokens[index + 1]?.content.trim() === "";
}

/** Renames the cell opened at `index` and its closing token. */
function retag(tokens: Token[], index: number, tag: "th" | "td"): void {
  const closeIndex = tokens.findIndex((token, at) => at > index && /^t[hd]_close$/.test(token.type));
  tokens[index]!.tag = tag;
  tokens[closeIndex]!.tag = tag;
}
