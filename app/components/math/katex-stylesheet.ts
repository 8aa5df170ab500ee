import katexCss from "katex/dist/katex.min.css?url";
import mathmlCss from "./mathml-formulas.css?url";

/**
 * A route's `links` for pages with formulas: KaTeX's stylesheet and fonts, served by us (no CDN), and the
 * rules for formulas drawn from MathML alone.
 */
export const katexStylesheet = () => [
  { rel: "stylesheet", href: katexCss },
  { rel: "stylesheet", href: mathmlCss },
];
