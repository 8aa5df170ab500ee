import { ThemeProvider } from "@mui/material/styles";
import { typesetForPage } from "#app/markdown/typeset-formula";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { theme } from "#app/theme/theme";
import { FormulaTypesetter } from "../math/formula";

/** A widget's first paint: the HTML the server sends, in the app's theme, its formulas typeset as entry.server.tsx does. */
export function renderWidget(widget: ReactElement): string {
  return renderToString(
    <ThemeProvider theme={theme}>
      <FormulaTypesetter value={typesetForPage}>{widget}</FormulaTypesetter>
    </ThemeProvider>,
  );
}

/** The markup without Emotion's style tags and React's `<!-- -->` between neighbouring texts. */
export const withoutStyles = (html: string) => html.replace(/<style[^>]*>.*?<\/style>/g, "").replaceAll("<!-- -->", "");

/**
 * The text a reader gets, word by word: tags, styles and KaTeX's visual copy dropped (its MathML, the TeX
 * annotation included, kept), entities decoded, spaces collapsed and none left before punctuation.
 */
export const visibleText = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<span class="katex-html"[\s\S]*?<\/span><\/span><\/span>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .replace(/ ([,.:])/g, "$1");

/**
 * The text run together as the DOM's textContent gives it (so digits split across elements read as one
 * number), with KaTeX's MathML copy beside its HTML left out so each formula counts once; a formula sent as
 * MathML alone keeps its text, without the TeX annotation.
 */
export const textContent = (html: string) =>
  html
    .replace(/<style[^>]*>.*?<\/style>/g, "")
    .replace(/<span class="katex-mathml"><math.*?<\/math><\/span>/g, "")
    .replace(/<annotation\b.*?<\/annotation>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'");
