import katexCss from "katex/dist/katex.min.css?url";

/** A route's `links` for pages with formulas: KaTeX's stylesheet and fonts, served by us (no CDN). */
export const katexStylesheet = () => [{ rel: "stylesheet", href: katexCss }];
