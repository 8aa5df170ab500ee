import { KATEX_MAIN_CHARACTERS, KATEX_MATH_ITALIC_CHARACTERS } from "./katex-font-coverage";

/**
 * Formulas drawn by the browser from KaTeX's MathML alone, without KaTeX's HTML (issue 23): that HTML was
 * two thirds of a chapter's bytes. Every browser draws MathML Core, and with KaTeX's own fonts
 * (math-formulas.css) a formula made only of letters, numbers, operators and scripts looks as KaTeX draws
 * it, checked formula by formula side by side. Anything else (fractions, roots, tables, accents, stretchy
 * delimiters, crossed-out or boxed terms) keeps KaTeX's HTML, which places such parts more exactly than
 * MathML Core with a font that has no MATH table.
 */

/** The MathML elements of a formula that MathML Core draws like TeX with KaTeX's fonts. */
const CORE_ELEMENTS = new Set([
  "math",
  "semantics",
  "annotation",
  "mrow",
  "mi",
  "mn",
  "mo",
  "mtext",
  "mspace",
  "msup",
  "msub",
  "msubsup",
]);
const SCRIPTS = new Set(["msup", "msub", "msubsup"]);
/** The elements whose text is drawn in KaTeX's faces: every character must be in the face. */
const FACE_TEXT = new Set(["mi", "mn", "mo"]);
const LARGE_OPERATOR = /<mo[^>]*>[∑∏∐∫∬∭∮∯∰⋃⋂⋁⋀⨀⨁⨂⨄⨆]<\/mo>/;

const TAG = /<(\/?)([a-z]+)([^>]*)>/g;

/** Binary operators that TeX reads as signs when nothing stands before them to operate on (`-7`, `= -1`). */
const SIGNS = new Set(["+", "−", "±", "∓"]);
/** Closing delimiters and postfix operators: after one, a sign is a binary operator again (`(a + b) - c`, `n! + 1`). */
const CLOSERS = new Set([")", "]", "}", "⟩", "⌋", "⌉", "|", "‖", "!"]);
/** Ellipses, which TeX spaces thinly beside terms and not beside the commas of a list (`1, 2, \dots, n`). */
const ELLIPSES = new Set(["…", "⋯"]);
/** The invisible operator KaTeX puts after a function's name (`\log`, `\gcd`, `\operatorname`). */
const FUNCTION_APPLICATION = "\u2061";
/** TeX's thin space, which it puts between a function's name and a term beside it (`2 \log_2 e`). */
const THIN_SPACE = "0.1667em";
/** What may follow a function without a space: its argument in brackets (`\gcd(a, b)`). */
const OPENING_NEXT = /^<\/mo><mo[^>]*>[([{⟨|]/;
/**
 * KaTeX's MathML for `\bmod`: a hair space, an operator made of the letters m, o, d, a hair space. TeX (and
 * KaTeX's HTML) leaves 5mu = 0.2778em on each side of an upright "mod"; one operator with that space says it.
 */
const BMOD =
  /<mtext>\u200a<\/mtext><mo lspace="0\.22em" rspace="0\.22em"><mrow><mi mathvariant="normal">m<\/mi><mi mathvariant="normal">o<\/mi><mi mathvariant="normal">d<\/mi><\/mrow><\/mo><mtext>\u200a<\/mtext>/g;
const BMOD_OPERATOR = '<mo lspace="0.2778em" rspace="0.2778em">mod</mo>';

interface Child {
  name: string;
  /** The text of an mi, mn or mo. */
  text: string;
  /** Where its tag starts in the output. */
  start: number;
}

interface OpenElement {
  name: string;
  inScript: boolean;
  children: Child[];
}

/**
 * KaTeX's `output: "mathml"` rendering made ready to be drawn by the browser, or null when the formula needs
 * KaTeX's HTML. Changes, so that the browser spaces and styles it as TeX does:
 * - a name of several letters (`<mi>gcd</mi>`) is marked upright, as MathML draws it, so that the stylesheet's
 *   italic for single letters leaves it alone;
 * - operators in a superscript or subscript get no space around them: TeX puts none there (`a^{m+n}`);
 * - a sign with nothing to operate on before it (first, or after another operator) gets none either (`= -7`),
 *   nor does an ellipsis, nor the left of an operator that opens the formula (`\equiv 0`);
 * - a function's name gets TeX's thin space from a term before it and after it (`2 \log_2 e`, not `\gcd(a, b)`);
 * - `\bmod` becomes one upright operator "mod" with TeX's space around it.
 */
export function coreMathml(katexMathml: string): string | null {
  const mathml = katexMathml.replace(BMOD, BMOD_OPERATOR);
  // Stretchy delimiters (\left, \right and fences) and styled letters (ℤ, bold) need KaTeX's HTML.
  if (/stretchy="true"|fence="true"|mathvariant="(?!normal")/.test(mathml)) return null;
  // Big operators (∑, ∏, ∫, ⋃, …) are drawn by KaTeX from its larger fonts.
  if (LARGE_OPERATOR.test(mathml)) return null;
  const stack: OpenElement[] = [];
  let out = "";
  let from = 0;
  for (const match of mathml.matchAll(TAG)) {
    const [whole, closing, name, attributes] = match as unknown as [string, string, string, string];
    out += mathml.slice(from, match.index);
    from = match.index + whole.length;
    if (name === "span" || closing) {
      if (name !== "span") stack.pop();
      out += whole;
      continue;
    }
    if (!CORE_ELEMENTS.has(name)) return null;
    const parent = stack.at(-1);
    // An operator made of elements (KaTeX's \bmod) is not text MathML Core can draw as one.
    if (parent?.name === "mo") return null;
    const siblings = parent?.children ?? [];
    const inScript =
      (parent?.inScript ?? false) || (parent !== undefined && SCRIPTS.has(parent.name) && siblings.length > 0);
    const textEnd = mathml.indexOf("<", from);
    const text = FACE_TEXT.has(name) ? decodeEntities(mathml.slice(from, textEnd)) : "";
    let tag = whole;
    if (name === "mo" && text === FUNCTION_APPLICATION) {
      // A function with a script (`\log_2`): its spaces belong around the script, which KaTeX's HTML places.
      const grandparent = stack.at(-2);
      if (grandparent && SCRIPTS.has(grandparent.name) && grandparent.children.length === 1) return null;
      const [before, fn] = siblings.slice(-2);
      if (fn && before && before.name !== "mo" && before.name !== "mspace") {
        out = `${out.slice(0, fn.start)}<mspace width="${THIN_SPACE}"/>${out.slice(fn.start)}`;
      }
      if (!OPENING_NEXT.test(mathml.slice(textEnd))) tag = `<mo rspace="${THIN_SPACE}">`;
    } else if (name === "mo" && !/\b[lr]space=/.test(attributes)) {
      const previous = siblings.at(-1);
      const isSign = SIGNS.has(text) && (!previous || (previous.name === "mo" && !CLOSERS.has(previous.text)));
      if (ELLIPSES.has(text) && !inScript) {
        // TeX's thin space beside a term, none beside a comma or an operator (`1, 2, \dots`, `a \cdot a \cdots a`).
        const lspace = previous && previous.name !== "mo" ? THIN_SPACE : "0";
        const rspace = /^<\/mo><mo\b/.test(mathml.slice(textEnd)) ? "0" : THIN_SPACE;
        tag = `<mo${attributes} lspace="${lspace}" rspace="${rspace}">`;
      } else if (inScript || isSign) tag = `<mo${attributes} lspace="0" rspace="0">`;
      else if (!previous && parent?.name === "mrow") tag = `<mo${attributes} lspace="0">`;
    }
    // In a script TeX spaces `\bmod` differently (it drops the space that `\nonscript` marks): KaTeX's HTML does.
    if (name === "mo" && text === "mod" && inScript) return null;
    if (FACE_TEXT.has(name)) {
      const italic = name === "mi" && attributes === "" && Array.from(text).length === 1;
      if (name === "mi" && attributes === "" && !italic) tag = `<mi mathvariant="normal">`;
      if (!(italic ? KATEX_MATH_ITALIC_CHARACTERS : KATEX_MAIN_CHARACTERS).test(text)) return null;
    }
    parent?.children.push({ name, text, start: out.length });
    // An empty element (<mspace width="…"/>) is opened and closed at once.
    if (!attributes.endsWith("/")) stack.push({ name, inScript, children: [] });
    out += tag;
  }
  out += mathml.slice(from);
  return stack.length === 0 ? out : null;
}

/** The characters a formula shows (its annotation and tags left out): how wide it is, roughly, in ems. */
export function shownLength(mathml: string): number {
  const shown = mathml.replace(/<annotation[\s\S]*?<\/annotation>/, "").replace(/<[^>]*>/g, "");
  return Array.from(decodeEntities(shown)).length;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'" };

/** The text of an element (KaTeX escapes only these). */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#x27);/g, (_match, name: string) => ENTITIES[name]!);
}
