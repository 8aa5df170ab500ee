import type { Token } from "markdown-it";

/** The words of parsed inline Markdown without its markup; formulas give their TeX source. */
export function plainText(children: Token[]): string {
  return children
    .map((child) => {
      switch (child.type) {
        case "text":
        case "code_inline":
        case "lesson_math":
          return child.content;
        case "softbreak":
        case "hardbreak":
          return " ";
        case "image":
          return plainText(child.children ?? []);
        default:
          return "";
      }
    })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}
