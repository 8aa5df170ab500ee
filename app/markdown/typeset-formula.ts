import katex, { type KatexOptions } from "katex";
import { coreMathml, shownLength } from "./mathml-core";

export type Typeset = { html: string } | { error: string };

/**
 * The longest inline formula sent as MathML alone, in characters shown (about 10 px each): a browser never
 * breaks a line inside MathML, while KaTeX's HTML may break after a relation or an operator. At this length
 * (about 200 px) the formula fits a phone's line whole, so it needs no break.
 */
const INLINE_MATHML_MAX_LENGTH = 20;

/**
 * Every formula's <math> carries this; in an HTML document it says nothing (the parser puts <math> in
 * MathML's namespace by itself), and on a chapter page it is 34 KB of its budget (page-budgets.spec.ts).
 */
const MATHML_NAMESPACE = ' xmlns="http://www.w3.org/1998/Math/MathML"';

/** The live preview re-renders on every keystroke; most formulas are unchanged, so their HTML is remembered. */
const CACHE_LIMIT = 2000;
const cache = new Map<string, Typeset>();

/**
 * A formula as MathML the browser draws (mathml-core.ts), or where that falls short as KaTeX's HTML with its
 * MathML; or why KaTeX refuses it. Never throws.
 */
export function typesetFormula(tex: string, displayMode: boolean): Typeset {
  const key = `${displayMode ? "D" : "I"}${tex}`;
  const known = cache.get(key);
  if (known) {
    // Re-inserted so the cache forgets the formulas least recently used.
    cache.delete(key);
    cache.set(key, known);
    return known;
  }
  const result = typeset(tex, displayMode);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, result);
  return result;
}

/**
 * A page's formula on the server (a widget's, a tool's): as in lessons, or where KaTeX refuses it, KaTeX's own
 * rendering of the source in its error colour, so a bad formula never breaks the page.
 */
export function typesetForPage(tex: string, displayMode: boolean): string {
  const result = typesetFormula(tex, displayMode);
  return "html" in result
    ? result.html
    : katex.renderToString(tex, { output: "htmlAndMathml", throwOnError: false, displayMode });
}

function typeset(tex: string, displayMode: boolean): Typeset {
  const options: KatexOptions = {
    displayMode,
    throwOnError: true,
    strict: "ignore",
    trust: false,
    maxExpand: 1000,
    maxSize: 50,
  };
  try {
    const mathml = coreMathml(katex.renderToString(tex, { ...options, output: "mathml" }));
    // A displayed formula is never broken, by KaTeX either: it scrolls sideways when too wide.
    if (mathml !== null && (displayMode || shownLength(mathml) <= INLINE_MATHML_MAX_LENGTH)) {
      // KaTeX's display wrapper, whose stylesheet rules (margins, centring, scrolling) hold for both forms.
      const html = mathml.replace(MATHML_NAMESPACE, "");
      return { html: displayMode ? `<span class="katex-display">${html}</span>` : html };
    }
    return { html: katex.renderToString(tex, { ...options, output: "htmlAndMathml" }).replace(MATHML_NAMESPACE, "") };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { error: message.replace(/^KaTeX parse error: /, "").trim() };
  }
}
