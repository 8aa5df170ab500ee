import katex from "katex";
import { describe, expect, it } from "vitest";
import katexPackage from "katex/package.json" with { type: "json" };
import { KATEX_FONTS_VERSION, KATEX_MAIN_CHARACTERS, KATEX_MATH_ITALIC_CHARACTERS } from "./katex-font-coverage";
import { coreMathml } from "./mathml-core";
import { typesetFormula } from "./typeset-formula";

const katexVersion = katexPackage.version;

const mathmlOf = (tex: string, displayMode = false) =>
  katex.renderToString(tex, { output: "mathml", displayMode, throwOnError: true });

describe("formulas drawn from MathML alone", () => {
  it("are letters, numbers, operators, text and scripts, kept as KaTeX wrote them", () => {
    for (const tex of [
      "p",
      "n = dk",
      "2^{10} \\equiv 1 \\pmod{11}",
      "x_1, x_2, \\dots, x_n",
      "a \\mid b",
      "\\text{odd } n",
    ]) {
      const mathml = coreMathml(mathmlOf(tex));
      expect(mathml, tex).not.toBeNull();
      expect(mathml).toMatch(/^<span class="katex"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML">/);
      expect(mathml).toContain(`<annotation encoding="application/x-tex">${tex}</annotation>`);
    }
  });

  it("mark names of several letters upright, and leave single letters to the italic face", () => {
    const mathml = coreMathml(mathmlOf("\\gcd(a, b) = \\operatorname{ord}(a)"))!;
    expect(mathml).toContain('<mi mathvariant="normal">gcd</mi>');
    expect(mathml).toContain('<mi mathvariant="normal">ord</mi>');
    expect(mathml).toContain("<mi>a</mi>");
    expect(mathml).toContain("<mi>b</mi>");
    // One character, however many UTF-16 units or entities it takes, is a single letter.
    expect(coreMathml(mathmlOf("\\alpha"))).toContain("<mi>α</mi>");
  });

  it("give operators in a script no space around them, as TeX does, and leave the others alone", () => {
    const mathml = coreMathml(mathmlOf("a^{m+n} = a_{i-1}^{2 \\cdot k} + 1"))!;
    const scriptOperators = [...mathml.matchAll(/<mo lspace="0" rspace="0">(.)<\/mo>/g)].map((match) => match[1]);
    expect(scriptOperators).toEqual(["+", "−", "⋅"]);
    expect(mathml).toContain("<mo>=</mo>");
    expect(mathml).toContain("<mo>+</mo><mn>1</mn>");
    // The base of a script is not in the script.
    expect(coreMathml(mathmlOf("(a+b)^2"))).toContain("<mo>+</mo>");
  });

  it("are refused for what MathML Core draws unlike KaTeX: those keep KaTeX's HTML", () => {
    for (const tex of [
      "\\frac{a}{b}",
      "\\sqrt{2}",
      "\\left( \\frac12 \\right)",
      "\\left| x \\right|",
      "\\mathbb{Z}",
      "\\mathbf{v}",
      "\\overline{ab}",
      "\\hat{x}",
      "\\binom{n}{k}",
      "\\begin{aligned} a &= b \\\\ c &= d \\end{aligned}",
      "\\cancel{3}",
      "\\boxed{7}",
      // In a script TeX drops part of the space around "mod".
      "2^{n \\bmod 4}",
      "\\sum_{k=1}^{n} k",
      "\\underbrace{1 + 1}_{2}",
      // Characters KaTeX's text faces lack, which its HTML builds from two glyphs.
      "a \\neq b",
      "3 \\nmid 10",
      "x \\notin A",
    ]) {
      expect(coreMathml(mathmlOf(tex)), tex).toBeNull();
    }
  });
});

it("write \\bmod as one upright operator with TeX's 5mu on each side, as KaTeX's HTML places it", () => {
  const mathml = coreMathml(mathmlOf("(17 \\cdot 23) \\bmod 8 = 1"))!;
  expect(mathml).toContain('<mo stretchy="false">)</mo><mo lspace="0.2778em" rspace="0.2778em">mod</mo><mn>8</mn>');
  expect(mathml).not.toContain("<mtext>");
  // KaTeX's HTML: 0.0556em + 0.2222em on each side of "mod".
  const html = katex.renderToString("a \\bmod m", { output: "html" });
  const spaces = [...html.matchAll(/margin-right:([\d.]+)em/g)].map((match) => Number(match[1]));
  expect(spaces.slice(0, 2).reduce((sum, space) => sum + space, 0)).toBeCloseTo(0.2778, 3);
});

it("take KaTeX's font files as they were read", () => {
  expect(KATEX_FONTS_VERSION, "katex was upgraded: read its fonts' characters again (katex-font-coverage.ts)").toBe(
    katexVersion,
  );
  expect(KATEX_MAIN_CHARACTERS.test("0123456789+−=<>≤≥≡⋅∣…⋯()[]")).toBe(true);
  expect(KATEX_MATH_ITALIC_CHARACTERS.test("abcxyzαβπ")).toBe(true);
  expect(KATEX_MAIN_CHARACTERS.test("≠")).toBe(false);
  expect(KATEX_MATH_ITALIC_CHARACTERS.test("+")).toBe(false);
});

describe("signs", () => {
  const spacing = (tex: string) =>
    [...coreMathml(mathmlOf(tex))!.matchAll(/<mo([^>]*)>(.)<\/mo>/g)].map(
      (match) => `${match[2]}${match[1]!.includes('lspace="0" rspace="0"') ? "0" : ""}`,
    );

  it("are read as signs, unspaced, first or after another operator, and as operators after a term", () => {
    expect(spacing("-7")).toEqual(["−0"]);
    expect(spacing("x = -1")).toEqual(["=", "−0"]);
    expect(spacing("1, -1, +1")).toEqual([",", "−0", ",", "+0"]);
    expect(spacing("a - b")).toEqual(["−"]);
    expect(spacing("(a + b) - c")).toEqual(["(", "+", ")", "−"]);
    expect(spacing("(-a)")).toEqual(["(", "−0", ")"]);
    expect(spacing("101! + k")).toEqual(["!", "+"]);
  });

  it("space ellipses thinly beside terms only, and leave the left of an operator that opens the formula", () => {
    expect(coreMathml(mathmlOf("1, 2, \\dots, n"))).toContain('<mo lspace="0" rspace="0">…</mo>');
    expect(coreMathml(mathmlOf("1, 2, \\dots"))).toContain('<mo lspace="0" rspace="0.1667em">…</mo>');
    expect(coreMathml(mathmlOf("a \\cdot a \\cdots a"))).toContain('<mo lspace="0.1667em" rspace="0.1667em">⋯</mo>');
    expect(coreMathml(mathmlOf("\\equiv 0"))).toContain('<mo lspace="0">≡</mo>');
  });
});

describe("functions", () => {
  it("get a thin space from a term before and after them, none before their bracketed argument", () => {
    const log = coreMathml(mathmlOf("2 \\log n"))!;
    expect(log).toContain('<mn>2</mn><mspace width="0.1667em"/><mi mathvariant="normal">log</mi>');
    expect(log).toContain('<mo rspace="0.1667em">\u2061</mo><mi>n</mi>');
    // With a script the spaces go around the script: KaTeX's HTML places those.
    expect(coreMathml(mathmlOf("2 \\log_2 e"))).toBeNull();
    const gcd = coreMathml(mathmlOf("\\gcd(a, b) = 1"))!;
    expect(gcd).not.toContain("mspace");
    expect(gcd).toContain("<mo>\u2061</mo>");
    // After an operator there is no space to add: TeX puts the operator's own.
    expect(coreMathml(mathmlOf("n = \\operatorname{ord} 3"))).not.toContain("mspace");
  });
});

describe("typesetFormula", () => {
  it("sends simple formulas as MathML alone, in KaTeX's display wrapper when displayed", () => {
    const inline = typesetFormula("n^2 + 1", false);
    expect("html" in inline && inline.html).toMatch(/^<span class="katex"><math>/);
    expect("html" in inline && inline.html).not.toContain("katex-html");
    const display = typesetFormula("n^2 + 1", true);
    expect("html" in display && display.html).toMatch(
      /^<span class="katex-display"><span class="katex"><math display="block"/,
    );
  });

  it("keeps KaTeX's HTML for an inline formula too long for a line of a phone, which only that HTML can break", () => {
    const long = "1234 \\cdot 5678 = 7006652 = 7 \\cdot 1000950 + 2";
    const inline = typesetFormula(long, false);
    expect("html" in inline && inline.html).toContain("katex-html");
    const display = typesetFormula(long, true);
    expect("html" in display && display.html).not.toContain("katex-html");
    const short = typesetFormula("7 \\cdot 1000950 + 2", false);
    expect("html" in short && short.html).not.toContain("katex-html");
  });

  it("sends the others as KaTeX's HTML with its MathML, and refuses what KaTeX refuses", () => {
    const fraction = typesetFormula("\\frac{1}{2}", false);
    expect("html" in fraction && fraction.html).toContain('<span class="katex-html" aria-hidden="true">');
    expect("html" in fraction && fraction.html).toContain('<span class="katex-mathml">');
    expect(typesetFormula("\\frac{1}{", false)).toEqual({ error: expect.stringContaining("expected '}'") });
  });
});
