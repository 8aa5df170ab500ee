import Box from "@mui/material/Box";
import katex from "katex";
import { useMemo } from "react";

interface FormulaProps {
  tex: string;
  /** Display style on its own line; inline otherwise. */
  display?: boolean;
}

/**
 * TeX typeset by KaTeX, on the server as well as in the browser. HTML for the
 * eye and MathML for screen readers; a formula that fails to parse shows its
 * source in KaTeX's error colour instead of breaking the page.
 */
export function Formula({ tex, display = false }: FormulaProps) {
  const html = useMemo(
    () => katex.renderToString(tex, { output: "htmlAndMathml", throwOnError: false, displayMode: display }),
    [tex, display],
  );
  return <Box component={display ? "div" : "span"} dangerouslySetInnerHTML={{ __html: html }} />;
}
