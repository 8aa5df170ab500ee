import katex from "katex";

export type Typeset = { html: string } | { error: string };

/** The live preview re-renders on every keystroke; most formulas are unchanged, so their HTML is remembered. */
const CACHE_LIMIT = 2000;
const cache = new Map<string, Typeset>();

/** A formula as KaTeX HTML with MathML, or why KaTeX refuses it. Never throws. */
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

function typeset(tex: string, displayMode: boolean): Typeset {
  try {
    return {
      html: katex.renderToString(tex, {
        displayMode,
        output: "htmlAndMathml",
        throwOnError: true,
        strict: "ignore",
        trust: false,
        maxExpand: 1000,
        maxSize: 50,
      }),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { error: message.replace(/^KaTeX parse error: /, "").trim() };
  }
}
