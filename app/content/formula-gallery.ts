/**
 * The formula gallery (/tests/test2): lesson Markdown that shows every formula delimiter, each LaTeX
 * construct the chapters use (formula-gallery.test.ts holds this list to content/chapters), and the
 * mistakes the renderer and the linter mark, each with what they are expected to report. The page
 * renders each source with the lesson renderer, exactly as a lesson section is rendered.
 */

/** The four ways a formula is written in lesson text (docs/content-format.md, "Formulas"). */
export const DELIMITERS = {
  "inline-dollar": { open: "$", close: "$", display: false, label: "$…$ inline" },
  "inline-paren": { open: "\\(", close: "\\)", display: false, label: "\\(…\\) inline" },
  "display-dollar": { open: "$$", close: "$$", display: true, label: "$$…$$ display" },
  "display-bracket": { open: "\\[", close: "\\]", display: true, label: "\\[…\\] display" },
} as const;

export type DelimiterKind = keyof typeof DELIMITERS;

export interface GalleryExample {
  /** The example's anchor on the page. */
  id: string;
  title: string;
  /** What to look at, in one sentence. */
  note: string;
  /** Lesson Markdown, rendered as a section would be. */
  source: string;
  /** The delimiters the source uses, shown beside its title. */
  delimiters: readonly DelimiterKind[];
}

export interface ExpectedProblem {
  severity: "error" | "warning";
  message: string;
}

export interface GalleryFailure extends GalleryExample {
  /** What the linter and the renderer report for the source, in line order; the page shows what they do report. */
  expected: readonly ExpectedProblem[];
}

export const DELIMITER_EXAMPLES: readonly GalleryExample[] = [
  {
    id: "inline-dollar",
    title: "Dollar signs, inline",
    note: "The usual way: a formula within a sentence, at the size of the text. It may not start with a digit.",
    source: "If $p$ is prime and $p \\nmid a$, then $a^{p-1} \\equiv 1 \\pmod{p}$.",
    delimiters: ["inline-dollar"],
  },
  {
    id: "inline-paren",
    title: "Parentheses, inline",
    note: "A formula that starts with a digit needs \\(…\\): after $, a digit means money.",
    source: "Since \\(10^6 - 1 = 999999 = 7 \\cdot 142857\\), the period of \\(1/7\\) divides 6.",
    delimiters: ["inline-paren"],
  },
  {
    id: "display-dollar",
    title: "Double dollar signs, display",
    note: "On lines of its own: a centred formula, scrolling sideways on a narrow screen rather than overflowing.",
    source: "$$\\gcd(a, b) \\cdot \\operatorname{lcm}(a, b) = a \\cdot b.$$",
    delimiters: ["display-dollar"],
  },
  {
    id: "display-bracket",
    title: "Brackets, display",
    note: "The same as $$…$$, written the LaTeX way.",
    source: "\\[\\varphi(m) = m \\prod_{p \\mid m} \\left(1 - \\frac{1}{p}\\right)\\]",
    delimiters: ["display-bracket"],
  },
  {
    id: "display-in-paragraph",
    title: "Display formulas inside a paragraph",
    note: "Display maths in the middle of a sentence still gets a line of its own, and the sentence goes on.",
    source:
      "Completing the square gives $$\\left(x + \\frac{b}{2a}\\right)^2 = \\frac{D}{(2a)^2},$$ and so \\[x = \\frac{-b \\pm \\sqrt{D}}{2a}\\] whenever $D \\ge 0$.",
    delimiters: ["display-dollar", "display-bracket", "inline-dollar"],
  },
  {
    id: "money",
    title: "Dollar signs that are not maths",
    note: "\\$ is a dollar sign, and $ before a digit is money: neither starts a formula.",
    source: "A book at \\$12 and a pen at $3 are prices, not formulas; \\(3 + 12 = 15\\) is one.",
    delimiters: ["inline-paren"],
  },
];

export const CONSTRUCT_EXAMPLES: readonly GalleryExample[] = [
  {
    id: "fractions",
    title: "Fractions",
    note: "\\frac follows the style around it; \\tfrac is always small and \\dfrac always large.",
    source:
      "$\\frac{5}{12} = 0.41\\overline{6}$, $\\tfrac{1}{2}(2a + 4)$ and $\\binom{p}{k} = \\dfrac{p!}{k!\\,(p - k)!}$.\n\n$$\\frac{A \\cdot 10^h + B}{10^{2h} - 1} + \\frac{B \\cdot 10^h + A}{10^{2h} - 1} = 1.$$",
    delimiters: ["inline-dollar", "display-dollar"],
  },
  {
    id: "powers",
    title: "Powers and indices",
    note: "Nested exponents stay legible, and indices sit below them.",
    source:
      "$$n = p_1^{a_1} p_2^{a_2} \\cdots p_k^{a_k}, \\qquad a^{2^{k-2}} \\equiv 1 \\pmod{2^k}, \\qquad 7^{2026} = \\left(7^4\\right)^{506} \\cdot 7^2.$$",
    delimiters: ["display-dollar"],
  },
  {
    id: "congruences",
    title: "Congruences",
    note: "\\pmod sets the modulus in parentheses with space before it; \\bmod is the binary operation.",
    source:
      "$a^{p-1} \\equiv 1 \\pmod{p}$, $i \\equiv j \\pmod d$, \\(3^8 \\not\\equiv 1 \\pmod{17}\\) and \\(2^{2026} \\bmod 17\\).",
    delimiters: ["inline-dollar", "inline-paren"],
  },
  {
    id: "divisibility",
    title: "Divisibility, gcd, lcm and order",
    note: "\\mid and \\nmid are relations with space around them; \\operatorname sets a name upright.",
    source:
      "If $a \\mid bc$ and $\\gcd(a, b) = 1$, then $a \\mid c$; $p \\nmid a$; $\\operatorname{lcm}(24, 90) = 360$; $\\operatorname{ord}_{13}(2) = 12$.",
    delimiters: ["inline-dollar"],
  },
  {
    id: "functions",
    title: "Functions and Greek letters",
    note: "Named functions are upright, Greek letters italic where TeX makes them so.",
    source:
      "$\\varphi(m)$, $\\tau(n)$, $\\sigma(n)$, $\\mu(n)$, $\\lambda(n)$, $\\pi(x)$, $\\alpha$, $\\beta$, $\\gamma$, $\\delta$; $\\min(x, y)$, $\\max(x, y)$, $\\log_2 n$, $\\sin x$.",
    delimiters: ["inline-dollar"],
  },
  {
    id: "relations",
    title: "Relations and operators",
    note: "Each symbol with the spacing TeX gives a relation or an operator.",
    source:
      "$a \\le b$, $a \\ge b$, $a \\geq b$, $a \\neq b$, $a \\ne b$, $a \\in A$, $x \\mapsto x^2$; $a \\times b$, $a \\div b$, $\\pm 1$, $a \\cdot b$.",
    delimiters: ["inline-dollar"],
  },
  {
    id: "sums",
    title: "Sums and products",
    note: "Limits sit above and below in display, beside the symbol inline.",
    source:
      "$$\\sigma(n) = \\prod_{i=1}^{k} \\left(1 + p_i + \\dots + p_i^{a_i}\\right), \\qquad \\sum_{d \\mid n} \\varphi(d) = n.$$\n\nInline: $\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$ and $\\prod (1 - 1/p)$.",
    delimiters: ["display-dollar", "inline-dollar"],
  },
  {
    id: "roots",
    title: "Roots",
    note: "The radical stretches over what it covers.",
    source: "$$x = \\frac{-b + \\sqrt{D}}{2a} \\qquad \\text{and} \\qquad x = \\frac{-b - \\sqrt{D}}{2a}.$$",
    delimiters: ["display-dollar"],
  },
  {
    id: "floor-ceiling",
    title: "Floor and ceiling",
    note: "Brackets with and without their lower or upper bars.",
    source: "The next digit is $d_{k+1} = \\lfloor 10 r_k / n \\rfloor$; $\\lceil n/2 \\rceil$ halves and rounds up.",
    delimiters: ["inline-dollar"],
  },
  {
    id: "periods",
    title: "Repeating decimals",
    note: "The bar over the repetend covers exactly its digits.",
    source:
      "\\(1/7 = 0.\\overline{142857}\\), \\(1/28 = 0.03\\overline{571428}\\) and \\(1/7 = 0.142857\\,142857\\dots\\)",
    delimiters: ["inline-paren"],
  },
  {
    id: "brackets",
    title: "Brackets that grow",
    note: "\\left and \\right fit the brackets to their contents; \\big sets one size up.",
    source:
      "$$\\varphi(m) = m \\left(1 - \\frac{1}{p_1}\\right) \\cdots \\left(1 - \\frac{1}{p_r}\\right), \\qquad (b - a)^2 = \\big((-1)(a - b)\\big)^2.$$",
    delimiters: ["display-dollar"],
  },
  {
    id: "text",
    title: "Words and spaces in formulas",
    note: "\\text keeps words upright with their spaces; \\quad and \\qquad leave room between parts.",
    source:
      "$$p_1 < p_2 < \\dots < p_k \\text{ primes}, \\quad a_i \\ge 1, \\qquad \\operatorname{ord}_n(10), \\text{ the least } k \\ge 1.$$",
    delimiters: ["display-dollar"],
  },
  {
    id: "underbrace",
    title: "Underbraces",
    note: "The brace spans the factors and its label sits below it.",
    source: "$$a^n = \\underbrace{a \\cdot a \\cdots a}_{n \\text{ factors}}$$",
    delimiters: ["display-dollar"],
  },
  {
    id: "aligned",
    title: "Aligned lines",
    note: "The equals signs line up under each other.",
    source:
      "$$\\begin{aligned} S &= 1 + 2 + \\dots + (n - 1) + n \\\\ S &= n + (n - 1) + \\dots + 2 + 1 \\\\ 2S &= (n + 1) + (n + 1) + \\dots + (n + 1). \\end{aligned}$$",
    delimiters: ["display-dollar"],
  },
  {
    id: "cases",
    title: "Cases",
    note: "Not in the chapters yet: a brace with one line per case.",
    source:
      "$$\\left(\\frac{a}{p}\\right) = \\begin{cases} 1 & \\text{if } a \\text{ is a square modulo } p, \\\\ -1 & \\text{otherwise.} \\end{cases}$$",
    delimiters: ["display-dollar"],
  },
  {
    id: "matrices",
    title: "Matrices",
    note: "Not in the chapters yet: rows and columns between brackets.",
    source: "$$\\begin{pmatrix} 1 & 1 \\\\ 1 & 0 \\end{pmatrix}^{n} = \\begin{pmatrix} F_{n+1} & F_n \\\\ F_n & F_{n-1} \\end{pmatrix}$$",
    delimiters: ["display-dollar"],
  },
  {
    id: "table",
    title: "Formulas in a table",
    note: "Formulas in cells, as in the table of periods: a | inside a formula does not split the cell.",
    source:
      "| $p$ | $\\operatorname{ord}_p(10)$ | $(p-1)/\\text{period}$ |\n| --- | --- | --- |\n| 7 | 6 | 1 |\n| 13 | 6 | 2 |\n| 41 | \\(5\\) | \\(8\\) |",
    delimiters: ["inline-dollar", "inline-paren"],
  },
];

export const FAILURE_EXAMPLES: readonly GalleryFailure[] = [
  {
    id: "unclosed-dollar",
    title: "An unclosed $",
    note: "The text stays as typed, and the linter names the line.",
    source: "The order is $k \\ge 1 and the sentence ends without a closing sign.",
    delimiters: ["inline-dollar"],
    expected: [{ severity: "error", message: "Opening $ on line 1 is never closed" }],
  },
  {
    id: "unclosed-paren",
    title: "An unclosed \\(",
    note: "The same for parentheses.",
    source: "Then \\(a^n \\equiv 1 \\pmod{m} holds for every multiple of the order.",
    delimiters: ["inline-paren"],
    expected: [{ severity: "error", message: "Opening \\( on line 1 is never closed" }],
  },
  {
    id: "unclosed-display",
    title: "An unclosed $$",
    note: "A display formula that never ends is text, not a formula swallowing the rest of the lesson.",
    source: "$$x^2 + 1 = 0\n\nThe next paragraph is not part of it.",
    delimiters: ["display-dollar"],
    expected: [{ severity: "error", message: "Opening $$ on line 1 is never closed" }],
  },
  {
    id: "stray-closer",
    title: "A closer that closes nothing",
    note: "A \\] or \\) without its opener is shown as typed.",
    source: "Here $x = 1$ is closed, but this \\] closes nothing.",
    delimiters: ["inline-dollar", "display-bracket"],
    expected: [{ severity: "error", message: "Closing \\] on line 1 has no opening \\[" }],
  },
  {
    id: "unknown-command",
    title: "An unknown command",
    note: "KaTeX refuses the formula: its source is shown in a dashed box, with the reason as its title.",
    source: "The totient is $\\phii(n)$, misspelt.",
    delimiters: ["inline-dollar"],
    expected: [{ severity: "error", message: "Formula cannot be typeset: Undefined control sequence: \\phii at position 1: \\̲p̲h̲i̲i̲(n)" }],
  },
  {
    id: "missing-brace",
    title: "A brace never closed",
    note: "The formula stops at its closing $, so the brace is missing at its end.",
    source: "Half of it: $\\frac{1}{2$.",
    delimiters: ["inline-dollar"],
    expected: [
      {
        severity: "error",
        message:
          "Formula cannot be typeset: Unexpected end of input in a macro argument, expected '}' at end of input: \\frac{1}{2",
      },
    ],
  },
  {
    id: "extra-brace",
    title: "A brace too many",
    note: "A closing brace without its opener.",
    source: "$$x^{2}} + 1$$",
    delimiters: ["display-dollar"],
    expected: [{ severity: "error", message: "Formula cannot be typeset: Expected 'EOF', got '}' at position 6: x^{2}}̲ + 1" }],
  },
  {
    id: "left-without-right",
    title: "\\left without \\right",
    note: "Growing brackets come in pairs.",
    source: "\\[\\left( \\frac{a}{b}\\]",
    delimiters: ["display-bracket"],
    expected: [
      { severity: "error", message: "Formula cannot be typeset: Expected '\\right', got 'EOF' at end of input: …ft( \\frac{a}{b}" },
    ],
  },
  {
    id: "money-warning",
    title: "Money beside a formula",
    note: "In a paragraph with $ formulas, $ before a digit is probably a mistake: a warning, not an error.",
    source: "With $x = 5$ the total is $5 more.",
    delimiters: ["inline-dollar"],
    expected: [
      {
        severity: "warning",
        message: "$5 is read as money; write \\$ for a dollar sign or \\(…\\) for a formula starting with a digit",
      },
    ],
  },
  {
    id: "digits-only",
    title: "A formula of digits and punctuation",
    note: "Probably prices: a warning, and the formula is still set.",
    source: "Stamps at $.50, .75$ each.",
    delimiters: ["inline-dollar"],
    expected: [
      {
        severity: "warning",
        message:
          "$.50, .75$ holds only digits and punctuation: if it is money, write \\$; if it is a formula, write \\(.50, .75\\)",
      },
    ],
  },
];

export interface GallerySection {
  id: string;
  title: string;
  lead: string;
  examples: readonly GalleryExample[];
}

export const GALLERY_SECTIONS: readonly GallerySection[] = [
  {
    id: "delimiters",
    title: "Delimiters",
    lead: "Every way to write a formula in lesson text, and the dollar signs that are not formulas.",
    examples: DELIMITER_EXAMPLES,
  },
  {
    id: "constructs",
    title: "Constructs",
    lead: "The LaTeX the chapters use, each as the chapters write it, and a few they may use next.",
    examples: CONSTRUCT_EXAMPLES,
  },
];
