/**
 * Line-level syntax shared by the renderer and the chapter-file reader: box fences (`:::kind{…}` … `:::`),
 * code fences (so a `:::` or `## ` shown inside code is left alone) and directive attributes (`{key="value" …}`).
 * Each function takes one line without its indentation.
 */

/** A line of three or more colons: an opening fence when `info` is not empty, a closing fence otherwise. */
export interface BoxFence {
  colons: number;
  info: string;
}

export function boxFenceOf(line: string): BoxFence | null {
  const match = /^(:{3,})(.*)$/.exec(line);
  if (!match) return null;
  return { colons: match[1]!.length, info: match[2]!.trim() };
}

export function closesBox(line: string, colons: number): boolean {
  const fence = boxFenceOf(line);
  return fence !== null && fence.colons === colons && fence.info === "";
}

export interface CodeFence {
  marker: "`" | "~";
  length: number;
}

/** CommonMark's opening code fence: three or more backticks (no backtick after them) or tildes. */
export function codeFenceOf(line: string): CodeFence | null {
  const match = /^(`{3,}|~{3,})(.*)$/.exec(line);
  if (!match) return null;
  const marker = match[1]![0] as "`" | "~";
  if (marker === "`" && match[2]!.includes("`")) return null;
  return { marker, length: match[1]!.length };
}

export function closesCodeFence(line: string, fence: CodeFence): boolean {
  const match = /^(`{3,}|~{3,})\s*$/.exec(line);
  return match !== null && match[1]![0] === fence.marker && match[1]!.length >= fence.length;
}

/** A key of a directive attribute; values are any text without `"` or line breaks. */
const ATTRIBUTE_KEY = /^[a-z][a-z0-9-]*$/;
const ATTRIBUTE = /\s*([^\s=]+)="([^"\n]*)"/y;

export type AttributeParse = { attributes: Record<string, string> } | { error: string };

/** Reads `{key="value" other="value"}` (the braces included); an empty `{}` is allowed. */
export function parseAttributes(text: string): AttributeParse {
  if (!text.startsWith("{") || !text.endsWith("}")) return { error: 'attributes are written {key="value" …}' };
  const inner = text.slice(1, -1);
  const attributes: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  let position = 0;
  while (position < inner.length) {
    if (inner.slice(position).trim() === "") break;
    if (position > 0 && !/\s/.test(inner[position] ?? "")) return { error: "attributes must be separated by spaces" };
    ATTRIBUTE.lastIndex = position;
    const match = ATTRIBUTE.exec(inner);
    if (!match) return { error: `cannot read the attributes from "${inner.slice(position).trim()}"` };
    const [, key, value] = match as unknown as [string, string, string];
    if (!ATTRIBUTE_KEY.test(key)) return { error: `"${key}" is not an attribute name (lowercase letters, digits, -)` };
    if (Object.hasOwn(attributes, key)) return { error: `attribute "${key}" is given twice` };
    attributes[key] = value;
    position = ATTRIBUTE.lastIndex;
  }
  return { attributes };
}
