import mathliveFonts from "mathlive/fonts.css?url";
import { katexStylesheet } from "./katex-stylesheet";

/** A route's `links` for pages with formulas and a maths field: KaTeX's stylesheet and MathLive's fonts. */
export const mathInputStylesheets = () => [...katexStylesheet(), { rel: "stylesheet", href: mathliveFonts }];
