/**
 * The characters KaTeX's two text faces draw (their cmap tables, read from katex@0.19.1's TTF files with
 * fontTools): a formula drawn from MathML alone uses these fonts (mathml-formulas.css), so a character
 * outside them (≠, ∤: KaTeX's HTML builds those from two glyphs) would come from another font.
 * Re-read them when KaTeX is upgraded (the test checks the version). The combining arrow (U+20D7) is left
 * out: a mark that joins the character before it is no text of its own.
 */
export const KATEX_FONTS_VERSION = "0.19.1";

/** KaTeX_Main: numbers, operators and upright names (and the invisible operators, which draw nothing). */
export const KATEX_MAIN_CHARACTERS =
  /^[\u2061-\u2064\u0021-\u005F\u0061-\u007E\u00A0\u00A3\u00A7-\u00A8\u00AC\u00B0-\u00B1\u00B6\u00B8\u00C6\u00D7-\u00D8\u00DF\u00E6\u00F7-\u00F8\u0131\u0152-\u0153\u0237\u02C6-\u02C7\u02C9-\u02CB\u02D8-\u02DA\u02DC-\u02DD\u0393-\u0394\u0398\u039B\u039E\u03A0\u03A3\u03A5-\u03A6\u03A8-\u03A9\u2002-\u2006\u2009-\u200A\u2013-\u2014\u2018-\u2019\u201C-\u201D\u2020-\u2021\u2026\u2032\u210F\u2111\u2113\u2118\u211C\u2135\u2190-\u2199\u21A6\u21A9-\u21AA\u21BC-\u21BD\u21C0-\u21C1\u21CC\u21D0-\u21D5\u2200\u2202-\u2203\u2205\u2207-\u2208\u220B\u2212-\u2213\u2215-\u221A\u221D-\u221E\u2220\u2223\u2225\u2227-\u222B\u223C\u2240\u2243\u2245\u2248\u224D\u2250\u2261\u2264-\u2265\u226A-\u226B\u227A-\u227B\u2282-\u2283\u2286-\u2287\u228E\u2291-\u2299\u22A2-\u22A5\u22A8\u22C4-\u22C6\u22C8\u22EE-\u22EF\u22F1\u2308-\u230B\u2322-\u2323\u23B0-\u23B1\u25B3\u25B9\u25BD\u25C3\u25EF\u2660-\u2663\u266D-\u266F\u27E8-\u27E9\u27EE-\u27EF\u27F5-\u27FA\u27FC\u2A3F\u2AAF-\u2AB0]*$/u;

/** KaTeX_Math: single italic letters. */
export const KATEX_MATH_ITALIC_CHARACTERS =
  /^[\u0030-\u0039\u0041-\u005A\u0061-\u007A\u00A0\u0393-\u0394\u0398\u039B\u039E\u03A0\u03A3\u03A5-\u03A6\u03A8-\u03A9\u03B1-\u03C9\u03D1\u03D5-\u03D6\u03F1\u03F5]*$/u;
