import Box from "@mui/material/Box";
import type KatexModule from "katex";
import { createContext, useContext, useEffect, useState } from "react";

type Katex = typeof KatexModule;

/** A formula's HTML, as the server sends it. */
export type ServerTypesetter = (tex: string, display: boolean) => string;

/**
 * The server's typesetter (entry.server.tsx provides `typesetForPage`: MathML alone where the browser draws
 * it as KaTeX does, as in lessons). In the browser there is none: KaTeX (75 KB gzipped) is not part of a
 * page's first scripts but fetched when a formula changes.
 */
export const FormulaTypesetter = createContext<ServerTypesetter | null>(null);

let loadedKatex: Katex | null = null;
let loadingKatex: Promise<Katex> | null = null;

/** Starts fetching KaTeX in the browser (once), for a page whose formulas will come or change. */
export function loadFormulaTypesetter(): Promise<Katex> {
  loadingKatex ??= import("katex").then(
    (module) => (loadedKatex = module.default),
    (error: unknown) => {
      // A failed fetch (offline, a new build's missing chunk) is tried again by the next formula that needs it.
      loadingKatex = null;
      throw error;
    },
  );
  return loadingKatex;
}

/** Before the root has marked the page hydrated (root.tsx), a render is the hydration of the server's DOM. */
function isHydrating(): boolean {
  return typeof document !== "undefined" && !("hydrated" in document.documentElement.dataset);
}

interface FormulaProps {
  tex: string;
  /** Display style on its own line; inline otherwise. */
  display?: boolean;
}

/**
 * TeX typeset by KaTeX: HTML for the eye and MathML for screen readers; a formula that fails to parse
 * shows its source in KaTeX's error colour instead of breaking the page.
 *
 * The server typesets every formula of the page. Hydrating keeps the server's DOM of a formula as it
 * is (React does not compare dangerouslySetInnerHTML), so the browser needs KaTeX only once a formula
 * changes or is first rendered in the browser; it is fetched then, and the formula typeset when it has come.
 */
export function Formula({ tex, display = false }: FormulaProps) {
  const server = useContext(FormulaTypesetter);
  const [katex, setKatex] = useState(() => loadedKatex);
  const shown = `${display ? "D" : "I"}${tex}`;
  // The formula this element was hydrated with, while it has not changed: its DOM is the server's.
  const [hydrated, setHydrated] = useState(() => (!katex && isHydrating() ? shown : null));
  if (hydrated !== null && hydrated !== shown) setHydrated(null);
  // KaTeX is fetched when a formula needs it: one rendered in the browser, or one that changed. A changed
  // formula shows the old one (aria-busy) until then.
  const needsKatex = !server && !katex && hydrated !== shown;
  useEffect(() => {
    // Without KaTeX the formula keeps what it shows; the chunk-load recovery handles a missing chunk.
    if (needsKatex) loadFormulaTypesetter().then(setKatex, () => undefined);
  }, [needsKatex]);
  const html = server
    ? server(tex, display)
    : hydrated === shown || !katex
      ? ""
      : katex.renderToString(tex, { output: "htmlAndMathml", throwOnError: false, displayMode: display });
  return (
    <Box
      component={display ? "div" : "span"}
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
      aria-busy={html === "" && hydrated !== shown ? true : undefined}
    />
  );
}
