import { describe, expect, it } from "vitest";
import { random } from "#core/numtheory/test-oracles";
import { lintLesson } from "./lint-delimiters";
import { renderLesson, type LessonBlock, type RenderLessonOptions } from "./render-lesson";

/** A catalogue of one widget, factor-tree, whose only attribute n is a whole number. */
const checkWidget: RenderLessonOptions["checkWidget"] = (name, attributes) => {
  if (name !== "factor-tree") return `unknown widget ${name}`;
  const unknown = Object.keys(attributes).find((key) => key !== "n");
  if (unknown) return `unknown attribute ${unknown}`;
  return attributes.n === undefined || /^\d+$/.test(attributes.n) ? null : "n must be a whole number";
};

const render = (markdown: string, idPrefix?: string) => renderLesson(markdown, { checkWidget, idPrefix });
const htmlOf = (markdown: string) =>
  render(markdown)
    .blocks.map((block) => (block.kind === "html" ? block.html : ""))
    .join("");

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

/**
 * The formulas KaTeX typeset, read back from the TeX source it records in each MathML annotation: MathML
 * alone, or inside KaTeX's HTML.
 */
function formulas(html: string): { tex: string; display: boolean }[] {
  const pattern =
    /(<span class="katex-display">)?<span class="katex">(?:<span class="katex-mathml">)?<math.*?<annotation encoding="application\/x-tex">(.*?)<\/annotation>/gs;
  return [...html.matchAll(pattern)].map((match) => ({ tex: unescape(match[2]!), display: match[1] !== undefined }));
}

const texts = (html: string) => formulas(html).map((formula) => formula.tex.trim());

const VOID_ELEMENTS = new Set(["br", "hr", "img", "col", "wbr", "area", "source", "track"]);
const FORBIDDEN_ELEMENTS = new Set(["script", "style", "iframe", "object", "embed", "form", "input", "link", "meta"]);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'=<>/]+(?:="[^"]*"|='[^']*')?)*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s"'=<>/]+)(?:="([^"]*)"|='([^']*)')?/g;

/**
 * Problems of an HTML fragment: tags left open or closed out of turn, a `<` that starts no tag, an element or
 * attribute that runs script, or a link to javascript:/data:/vbscript:.
 */
function htmlFaults(html: string): string[] {
  const faults: string[] = [];
  const open: string[] = [];
  for (const [, closing, name, attributes, selfClosing] of html.matchAll(TAG) as Iterable<string[]>) {
    const tag = name!.toLowerCase();
    if (!closing && FORBIDDEN_ELEMENTS.has(tag)) faults.push(`element ${tag}`);
    for (const [, key, double, single] of attributes!.matchAll(ATTRIBUTE) as Iterable<(string | undefined)[]>) {
      const value = unescape(double ?? single ?? "");
      if (/^on/i.test(key!)) faults.push(`attribute ${key}`);
      if (/^(href|src|xlink:href|action|formaction)$/i.test(key!) && /^\s*(javascript|data|vbscript):/i.test(value)) {
        faults.push(`${key}=${value}`);
      }
    }
    if (closing) {
      if (open.pop() !== tag) faults.push(`</${tag}> out of turn`);
    } else if (!selfClosing && !VOID_ELEMENTS.has(tag)) {
      open.push(tag);
    }
  }
  if (open.length > 0) faults.push(`left open: ${open.join(" ")}`);
  if (html.replace(TAG, "").includes("<")) faults.push("a < that starts no tag");
  return faults;
}

const htmlBlocks = (blocks: LessonBlock[]) => blocks.flatMap((block) => (block.kind === "html" ? [block.html] : []));

describe("formulas", () => {
  it("typesets $…$ and \\(…\\) inline, with MathML for screen readers", () => {
    const html = htmlOf("Let $x^2$ and \\(a+b\\) be.");
    expect(formulas(html)).toEqual([
      { tex: "x^2", display: false },
      { tex: "a+b", display: false },
    ]);
    expect(html).toContain("<math");
    expect(html).toMatch(/^<p>Let <span class="katex">/);
  });

  it("typesets $$…$$ and \\[…\\] on their own lines as display blocks, over several lines", () => {
    const html = htmlOf("Before.\n\n$$\na^2 + b^2\n= c^2\n$$\n\n\\[ \\sum_{k=1}^n k \\]\n\n$$ e^{i\\pi} $$\nAfter.");
    expect(formulas(html)).toEqual([
      { tex: "\na^2 + b^2\n= c^2\n", display: true },
      { tex: " \\sum_{k=1}^n k ", display: true },
      { tex: " e^{i\\pi} ", display: true },
    ]);
    expect(html.match(/<div class="lesson-display-math">/g)).toHaveLength(3);
    expect(html).toContain("<p>After.</p>");
  });

  it("typesets $$…$$ and \\[…\\] inside a paragraph in display style", () => {
    const html = htmlOf("So $$x = 1$$ and \\[y\\] hold.");
    expect(formulas(html)).toEqual([
      { tex: "x = 1", display: true },
      { tex: "y", display: true },
    ]);
    expect(html).toMatch(/^<p>So <span class="lesson-display-math">/);
  });

  it("reads \\$ as a dollar sign and $ before a digit as money", () => {
    const html = htmlOf("A \\$ sign, \\$5 and \\$x\\$, then $5, $10.50 and $3 again.");
    expect(formulas(html)).toEqual([]);
    expect(html).toContain("A $ sign, $5 and $x$, then $5, $10.50 and $3 again.");
  });

  it("reads money then a formula in one sentence", () => {
    const html = htmlOf("It costs $5 and $x$ more.");
    expect(texts(html)).toEqual(["x"]);
    expect(html).toMatch(/^<p>It costs \$5 and <span class="katex">/);
  });

  it("needs a non-space after the opening $ and before the closing one, and no digit after it", () => {
    expect(texts(htmlOf("from $a$3 to b"))).toEqual([]);
    expect(texts(htmlOf("a $ b$ c"))).toEqual([]);
    expect(texts(htmlOf("a $b $ c"))).toEqual([]);
    expect(texts(htmlOf("$a$ $b$"))).toEqual(["a", "b"]);
  });

  it("typesets formulas inside link texts, even holding a ]", () => {
    const html = htmlOf("[see $a]$ and \\(b\\)](/x)");
    expect(html).toMatch(/^<p><a href="\/x">see <span class="katex">/);
    expect(texts(html)).toEqual(["a]", "b"]);
  });

  it("skips escaped dollars inside a formula", () => {
    expect(texts(htmlOf("$\\$5 + x$"))).toEqual(["\\$5 + x"]);
  });

  it("leaves code spans and code blocks alone", () => {
    const html = htmlOf("Write `$x$` or `\\(y\\)`.\n\n```\n$$z$$\n\\[w\\]\n```\n\n    $indented$");
    expect(formulas(html)).toEqual([]);
    expect(html).toContain("<code>$x$</code>");
    expect(html).toContain("<code>\\(y\\)</code>");
    expect(html).toContain("<pre><code>$$z$$\n\\[w\\]\n</code></pre>");
    expect(html).toContain("<pre><code>$indented$\n</code></pre>");
  });

  it("shows a formula KaTeX refuses as marked source, reports it, and renders the rest", () => {
    const result = render("Good $x$.\n\nBad $\\frac{1}{$ and $\\nocommand$, good $y$.\n\n$$\n\\left(\n$$");
    const html = htmlBlocks(result.blocks).join("");
    expect(texts(html)).toEqual(["x", "y"]);
    expect(html).toMatch(/<code class="lesson-error" title="[^"]+">\$\\frac\{1\}\{\$<\/code>/);
    expect(html).toContain('<div class="lesson-display-math"><code class="lesson-error"');
    expect(result.problems.map(({ line, source, severity }) => ({ line, source, severity }))).toEqual([
      { line: 3, source: "$\\frac{1}{$", severity: "error" },
      { line: 3, source: "$\\nocommand$", severity: "error" },
      { line: 5, source: "$$\n\\left(\n$$", severity: "error" },
    ]);
    expect(result.problems[1]!.message).toMatch(/^Formula cannot be typeset: Undefined control sequence: \\nocommand/);
  });

  it("gives the line of a formula deep in a paragraph, a list or a table", () => {
    const markdown =
      'Line one\nline two $\\bad$\n\n- item\n- item $\\bad$\n\n| a |\n| - |\n| $\\bad$ |\n\n:::note{title="$\\bad$"}\n\n$\\bad$\n:::';
    expect(render(markdown).problems.map((problem) => problem.line)).toEqual([2, 5, 9, 11, 13]);
  });
});

describe("boxes", () => {
  it("renders each kind with its name, title and label", () => {
    const html = htmlOf(':::definition{title="Prime number"}\nA number $p > 1$.\n:::\n\n:::note\nN.\n:::');
    expect(html).toContain(
      '<section id="definition-prime-number" class="lesson-box lesson-definition" aria-label="Definition: Prime number">\n' +
        '<p class="lesson-box-title"><strong>Definition</strong> (Prime number)</p>\n<p>A number ',
    );
    expect(html).toContain('<section class="lesson-box lesson-note" aria-label="Note">');
    expect(texts(html)).toEqual(["p > 1"]);
  });

  it("anchors definitions, theorems, lemmas, examples and exercises, prefixed and unique beside the headings", () => {
    const markdown = [
      "## Definition: prime number",
      ':::definition{title="Prime number"}\nP.\n:::',
      ':::definition{title="Prime number"}\nAgain.\n:::',
      ":::lemma\nL.\n:::",
      ':::exercise{title="Fermat\'s $a^p$"}\nE.\n:::',
      ":::exercise\nF.\n:::",
      ":::note\nN.\n:::",
    ].join("\n\n");
    const html = render(markdown, "primes-")
      .blocks.map((block) => (block.kind === "html" ? block.html : ""))
      .join("");
    expect([...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1])).toEqual([
      // The heading keeps its id; boxes never take one from a heading.
      "primes-definition-prime-number",
      "primes-definition-prime-number-2",
      "primes-definition-prime-number-3",
      "primes-lemma-1",
      "primes-exercise-fermat-s-a-p",
      "primes-exercise-2",
    ]);
  });

  it("writes <math> without its namespace attribute, which HTML implies", () => {
    const html = htmlOf("Inline $a^2$, longer $a^2 + b^2 = c^2 + \\frac{1}{2}$ and\n\n$$x_1$$");
    expect(html.match(/<math[ >]/g)).toHaveLength(3);
    expect(html).not.toContain("xmlns");
  });

  it("typesets a title's formulas and labels the box with their source", () => {
    const html = htmlOf(':::theorem{title="Powers of $a$"}\nT.\n:::');
    expect(html).toContain('aria-label="Theorem: Powers of a"');
    expect(texts(html)).toEqual(["a"]);
  });

  it("ends a proof with the end-of-proof mark", () => {
    expect(htmlOf(":::proof\nDone.\n:::")).toContain(
      '<p>Done.</p>\n<span class="lesson-qed" role="img" aria-label="end of proof">∎</span>\n</section>',
    );
  });

  it("nests boxes by colon count and folds hints and answers", () => {
    const markdown = [
      '::::exercise{title="Last digits"}',
      "What is the last digit of \\(7^{2026}\\)?",
      "",
      ':::check{skill="last-digit-of-powers"}',
      "integer 9 remainder mod 10",
      ":::",
      "",
      ":::hint",
      "Look at $7, 7^2$.",
      ":::",
      "",
      ":::answer",
      "$9$",
      ":::",
      "::::",
      "After.",
    ].join("\n");
    const result = render(markdown);
    const html = htmlBlocks(result.blocks).join("");
    expect(result.problems).toEqual([]);
    expect(html).toContain('<details class="lesson-hint">\n<summary>Hint</summary>\n<p>Look at');
    expect(html).toContain('<details class="lesson-answer">\n<summary>Answer</summary>\n<p>');
    expect(html.indexOf("</details>\n</section>")).toBeGreaterThan(html.indexOf("lesson-answer"));
    expect(html).toMatch(/<\/section>\n<p>After\.<\/p>/);
    expect(htmlFaults(html)).toEqual([]);
  });

  it("folds an optional part under a title that says it may be skipped, with its proof inside", () => {
    const markdown = '::::optional{title="The general case"}\n:::proof\nDone.\n:::\n::::\nAfter.';
    const result = render(markdown);
    const html = htmlBlocks(result.blocks).join("");
    expect(result.problems).toEqual([]);
    expect(html).toContain(
      '<details class="lesson-optional">\n<summary><span class="lesson-optional-label">Optional</span>: The general case <span class="lesson-optional-note">(you may skip it: nothing later depends on it)</span></summary>\n<section class="lesson-box lesson-proof"',
    );
    expect(html).toMatch(/<\/section>\n<\/details>\n<p>After\.<\/p>/);
    expect(htmlFaults(html)).toEqual([]);
  });

  it("numbers exercises in order within one render", () => {
    const markdown = ":::exercise\nA\n:::\n\n:::note\nB\n:::\n\n::::exercise\n:::exercise\nC\n:::\n::::";
    const labels = [...htmlOf(markdown).matchAll(/<strong>(Exercise \d+)<\/strong>/g)].map((match) => match[1]);
    expect(labels).toEqual(["Exercise 1", "Exercise 2", "Exercise 3"]);
    expect(htmlOf(":::exercise\nA\n:::")).toContain("<strong>Exercise 1</strong>");
  });

  it("does not close a box at a ::: shown inside a code block", () => {
    const html = htmlOf(":::example\n```\n:::\n```\nStill inside.\n:::\nOutside.");
    expect(html).toMatch(/<pre><code>:::\n<\/code><\/pre>\n<p>Still inside\.<\/p>\n<\/section>\n<p>Outside\.<\/p>/);
  });

  it("shows an unknown kind or an unreadable opening as source and reports it", () => {
    const result = render("Intro.\n\n:::lemmma\nText $x$.\n:::\n\n:::note title\nN\n:::");
    const html = htmlBlocks(result.blocks).join("");
    expect(html).toContain('<pre class="lesson-error" title="Unknown box kind &quot;lemmma&quot;');
    expect(html).toContain("<code>:::lemmma\nText $x$.\n:::</code></pre>");
    expect(texts(html)).toEqual([]);
    expect(result.problems.map(({ line, severity }) => ({ line, severity }))).toEqual([
      { line: 3, severity: "error" },
      { line: 7, severity: "error" },
    ]);
  });

  it("refuses attributes other than a title", () => {
    const result = render(':::theorem{name="x"}\nT\n:::');
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]!.message).toContain('not "name"');
  });

  it("closes an unclosed box at the end and reports it", () => {
    const result = render("Text.\n\n:::theorem\nInside.\n\n:::note\nN\n::::");
    const html = htmlBlocks(result.blocks).join("");
    expect(htmlFaults(html)).toEqual([]);
    expect(html).toMatch(/<p>Inside\.<\/p>\n<section class="lesson-box lesson-note"/);
    expect(result.problems.map((problem) => problem.line)).toEqual([3, 6, 8]);
    expect(result.problems[0]!.message).toBe(
      "The box opened on line 3 is never closed: end it with a line of 3 colons",
    );
    expect(result.problems[2]!.message).toMatch(/^:::: closes no box/);
  });

  it("closes a box inside a list at the end of its item", () => {
    const result = render("- :::note\n  In the item.\n\nAfter the list.");
    const html = htmlBlocks(result.blocks).join("");
    expect(htmlFaults(html)).toEqual([]);
    expect(html).toContain("<li>\n<section");
    expect(result.problems).toHaveLength(1);
  });
});

describe("widgets", () => {
  it("becomes a block of its own between the HTML around it", () => {
    const result = render('Before.\n\n::widget{name="factor-tree" n="360"}\n\n## After\n\nText.');
    expect(result.blocks).toEqual([
      { kind: "html", html: "<p>Before.</p>\n", part: 0 },
      { kind: "widget", name: "factor-tree", attributes: { n: "360" }, line: 3, part: 0 },
      { kind: "html", html: '<h2 id="after">After</h2>\n<p>Text.</p>\n', part: 0 },
    ]);
    expect(result.problems).toEqual([]);
  });

  it("interrupts a paragraph and may open or end the lesson", () => {
    const result = render('::widget{name="factor-tree"}\nText\n::widget{name="factor-tree" n="7"}');
    expect(result.blocks.map((block) => block.kind)).toEqual(["widget", "html", "widget"]);
    expect(result.blocks[0]).toMatchObject({ attributes: {}, line: 1 });
    expect(result.blocks[2]).toMatchObject({ attributes: { n: "7" }, line: 3 });
  });

  it("keeps the HTML between widgets well formed, even inside boxes and lists", () => {
    const markdown =
      '> quote\n\n- a\n  - b\n\n:::note\nN\n:::\n\n::widget{name="factor-tree"}\n\n1. x\n\n::::example\n:::proof\nP\n:::\n::::';
    const result = render(markdown);
    expect(result.blocks.map((block) => block.kind)).toEqual(["html", "widget", "html"]);
    for (const html of htmlBlocks(result.blocks)) expect(htmlFaults(html)).toEqual([]);
  });

  it("shows an unknown widget or bad attributes as source and reports them", () => {
    const markdown = [
      '::widget{name="cycle-wheel" a="3"}',
      '::widget{name="factor-tree" n="many"}',
      '::widget{name="factor-tree" x="1"}',
      '::widget{name="factor-tree" n=3}',
      '::widget{n="3"}',
      '::widget{name="factor-tree" n="1" n="2"}',
      "::widget",
      '::widget{name="factor-tree"} trailing',
      '::wdget{name="factor-tree"}',
    ].join("\n");
    const result = render(markdown);
    expect(result.blocks).toHaveLength(1);
    const html = htmlBlocks(result.blocks)[0]!;
    expect(html.match(/<pre class="lesson-error"/g)).toHaveLength(9);
    expect(html).toContain(
      '<pre class="lesson-error" title="unknown widget cycle-wheel"><code>::widget{name=&quot;cycle-wheel&quot; a=&quot;3&quot;}</code></pre>',
    );
    expect(result.problems.map((problem) => problem.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(result.problems.slice(0, 3).map((problem) => problem.message)).toEqual([
      "Widget cycle-wheel: unknown widget cycle-wheel",
      "Widget factor-tree: n must be a whole number",
      "Widget factor-tree: unknown attribute x",
    ]);
    expect(result.problems[4]!.message).toBe('Widget: the name="…" attribute is missing');
    expect(result.problems[5]!.message).toBe('Widget: attribute "n" is given twice');
    expect(result.problems[8]!.message).toMatch(/^Directive ::wdget: unknown/);
    expect(result.problems.every((problem) => problem.source === markdown.split("\n")[problem.line - 1])).toBe(true);
  });

  it("refuses a widget inside a box, a list or a quote", () => {
    const widget = '::widget{name="factor-tree" n="6"}';
    const result = render(`:::note\n${widget}\n:::\n\n- ${widget}\n\n> ${widget}`);
    expect(result.blocks.map((block) => block.kind)).toEqual(["html"]);
    expect(result.problems.map((problem) => problem.line)).toEqual([2, 5, 7]);
    for (const problem of result.problems)
      expect(problem.message).toMatch(/^Widget factor-tree: a widget stands at the top level/);
  });

  it("leaves a line that only starts with :: as text", () => {
    expect(htmlOf("::before is a CSS pseudo-element")).toBe("<p>::before is a CSS pseudo-element</p>\n");
  });
});

describe("headings", () => {
  it("gives ## to #### ids from their text, made unique, with the prefix", () => {
    const result = render(
      "## Fermat's little theorem\n\n### Proof\n\n#### Proof\n\n##### Small\n\n### Powers of $a$ {#powers}\n\n### Powers of $a$",
      "primes-",
    );
    expect(result.headings).toEqual([
      { id: "primes-fermat-s-little-theorem", level: 2, text: "Fermat’s little theorem" },
      { id: "primes-proof", level: 3, text: "Proof" },
      { id: "primes-proof-2", level: 4, text: "Proof" },
      { id: "primes-powers", level: 3, text: "Powers of a" },
      { id: "primes-powers-of-a", level: 3, text: "Powers of a" },
    ]);
    const html = htmlBlocks(result.blocks).join("");
    expect(html).toContain('<h3 id="primes-powers">Powers of <span class="katex">');
    expect(html).toContain("<h5>Small</h5>");
    expect(result.problems).toEqual([]);
  });

  it("warns about a repeated or malformed explicit id", () => {
    const result = render("### A {#same}\n\n### B {#same}\n\n### C {#Not Valid}");
    expect(result.headings.map((heading) => heading.id)).toEqual(["same", "same-2", "c"]);
    expect(result.problems.map(({ line, severity }) => ({ line, severity }))).toEqual([
      { line: 3, severity: "warning" },
      { line: 5, severity: "warning" },
    ]);
  });

  it("shows a # heading as ## with a warning", () => {
    const result = render("Text\n\n# Big title\n\nSetext\n===");
    expect(htmlBlocks(result.blocks).join("")).toContain('<h2 id="big-title">Big title</h2>');
    expect(result.headings.map((heading) => heading.level)).toEqual([2, 2]);
    expect(result.problems.map(({ line, severity }) => ({ line, severity }))).toEqual([
      { line: 3, severity: "warning" },
      { line: 5, severity: "warning" },
    ]);
  });

  it("gives a heading without letters or digits an id all the same", () => {
    expect(render("## ∑\n\n## ∏").headings.map((heading) => heading.id)).toEqual(["section", "section-2"]);
  });
});

describe("links and tables", () => {
  it("keeps web, mail, relative and anchor links; external ones open nothing back", () => {
    const html = htmlOf("[a](https://example.org) [b](mailto:me@example.org) [c](/chapters/x) [d](#primes) [e](x.md)");
    expect(html).toBe(
      '<p><a href="https://example.org" rel="noopener noreferrer">a</a> <a href="mailto:me@example.org">b</a> ' +
        '<a href="/chapters/x">c</a> <a href="#primes">d</a> <a href="x.md">e</a></p>\n',
    );
  });

  it("refuses other link schemes", () => {
    for (const link of ["[x](javascript:alert(1))", "[x](ftp://h/f)", "[x](data:text/html,hi)", "<vbscript:x>"]) {
      expect(htmlOf(link)).not.toContain("<a");
    }
  });

  it("wraps tables so they scroll sideways", () => {
    expect(htmlOf("| a |\n| - |\n| 1 |")).toMatch(/^<div class="lesson-table">\n<table>[\s\S]*<\/table>\n<\/div>\n$/);
  });

  it("scopes column headers, and reads a table with an empty corner as two-way, with a header per row", () => {
    const cells = (html: string) =>
      [...html.matchAll(/<(t[hd])( scope="\w+")?>([^<]*)<\/\1>/g)].map((match) => match[0]);
    expect(cells(htmlOf("| n | n² |\n| - | - |\n| 2 | 4 |"))).toEqual([
      '<th scope="col">n</th>',
      '<th scope="col">n²</th>',
      "<td>2</td>",
      "<td>4</td>",
    ]);
    expect(cells(htmlOf("| | 1 | 3 |\n| - | - | - |\n| 2 | 2 | 6 |\n| 4 | 4 | 12 |"))).toEqual([
      "<td></td>",
      '<th scope="col">1</th>',
      '<th scope="col">3</th>',
      '<th scope="row">2</th>',
      "<td>2</td>",
      "<td>6</td>",
      '<th scope="row">4</th>',
      "<td>4</td>",
      "<td>12</td>",
    ]);
    // One two-way table does not make the next one two-way.
    expect(htmlOf("| | a |\n| - | - |\n| x | 1 |\n\n| b |\n| - |\n| 2 |")).toContain("<td>2</td>");
  });
});

describe("hostile input", () => {
  const hostile = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    "[x](javascript:alert(1))",
    "[x](JaVaScRiPt:alert(1))",
    "[x](&#106;avascript:alert(1))",
    "[x]( javascript:alert(1))",
    "[x][r]\n\n[r]: javascript:alert(1)",
    "<javascript:alert(1)>",
    "![x](javascript:alert(1))",
    "![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)",
    '[x](https://ok.org "t\\" onmouseover=\\"alert(1)")',
    '```js" onclick="alert(1)\ncode\n```',
    '$\\href{javascript:alert(1)}{x}$ $\\url{javascript:alert(1)}$ $\\htmlClass{x" onclick="y}{z}$',
    "$\\htmlData{onclick=alert(1)}{z}$ $\\includegraphics{javascript:alert(1)}$ $\\color{red;background:url(x)}{a}$",
    ':::theorem{title="<script>alert(1)</script>"}\nx\n:::',
    ":::theorem{title=\"x' onmouseover='alert(1)\"}\nx\n:::",
    '::widget{name="<img src=x onerror=alert(1)>"}',
    '::widget{name="factor-tree" n="<script>"}',
    "## <b onclick=x>t</b> {#x}",
    '<svg onload="alert(1)"><iframe src="javascript:alert(1)">',
  ];

  it("has a check that finds scripts, handlers, bad links and broken nesting", () => {
    expect(htmlFaults("<p>a <em>b</em><br></p>")).toEqual([]);
    expect(htmlFaults("<script>x</script>")).toEqual(["element script"]);
    expect(htmlFaults('<img src="x" onerror="y">')).toEqual(["attribute onerror"]);
    expect(htmlFaults('<a href=" JavaScript:x">y</a>')).toEqual(["href= JavaScript:x"]);
    expect(htmlFaults("<p><b></p></b>")).toEqual(["</p> out of turn", "</b> out of turn"]);
    expect(htmlFaults("<p>a < b</p>")).toEqual(["a < that starts no tag"]);
    expect(htmlFaults("<div>")).toEqual(["left open: div"]);
  });

  it.each(hostile)("neutralises %s", (markdown) => {
    const result = render(markdown);
    for (const html of htmlBlocks(result.blocks)) expect(htmlFaults(html)).toEqual([]);
  });
});

describe("any input", () => {
  const ALPHABET = ["$", "$", "\\", "(", ")", "[", "]", ":", ":", ":", "{", "}", '"', "=", "#", "`", "~", "*", "_"];
  const WORDS = [
    "\n",
    "\n",
    "\n\n",
    " ",
    " ",
    "a",
    "1",
    "x^2",
    "<",
    ">",
    "|",
    "-",
    "> ",
    "- ",
    "    ",
    "widget",
    "note",
  ];
  const MORE = [
    "title",
    "name",
    "::widget{",
    ":::proof",
    "```",
    "\\(",
    "\\]",
    "$$",
    "&amp;",
    "javascript:",
    "](",
    "![",
  ];

  it("never throws (nor does lintLesson), and every HTML block is well formed and safe", () => {
    const next = random(20260514);
    const pick = (list: string[]) => list[Math.floor(next() * list.length)]!;
    for (let round = 0; round < 1500; round++) {
      const length = 1 + Math.floor(next() * 120);
      let markdown = "";
      for (let i = 0; i < length; i++) {
        const roll = next();
        markdown += pick(roll < 0.5 ? ALPHABET : roll < 0.85 ? WORDS : MORE);
      }
      const result = render(markdown);
      for (const html of htmlBlocks(result.blocks)) expect(htmlFaults(html), markdown).toEqual([]);
      for (const problem of lintLesson(markdown)) expect(problem.line, markdown).toBeGreaterThanOrEqual(1);
      for (const problem of result.problems) expect(problem.line, markdown).toBeGreaterThanOrEqual(1);
    }
  });

  it("renders a 5,000-word chapter", () => {
    const paragraph =
      "The order of $a$ modulo $m$ divides \\(\\varphi(m)\\), so $a^{\\varphi(m)} \\equiv 1 \\pmod m$ when " +
      "$\\gcd(a, m) = 1$; a prime $p$ costs $5 and has $p - 1$ residues, as the *table* shows.";
    const section = [
      "### A part",
      paragraph,
      "$$\n\\sum_{d \\mid n} \\varphi(d) = n\n$$",
      paragraph,
      "::::exercise\nFind the order of $3$ modulo $7$.\n\n" +
        ':::check{skill="multiplicative-order"}\ninteger 6\n:::\n\n:::hint\nCompute $3^k$.\n:::\n::::',
      '::widget{name="factor-tree" n="360"}',
    ].join("\n\n");
    const words = section.split(/\s+/).length;
    const markdown = Array.from({ length: Math.ceil(5000 / words) }, () => section).join("\n\n");
    const result = render(markdown);
    expect(result.problems).toEqual([]);
    expect(result.headings.length).toBe(Math.ceil(5000 / words));
    expect(result.blocks.filter((block) => block.kind === "widget")).toHaveLength(Math.ceil(5000 / words));
  });
});

describe("parts read as steps", () => {
  const exercise = (title: string) =>
    `::::exercise{title="${title}"}\nHow much?\n\n:::check{skill="power-mod"}\ninteger 1\n:::\n::::`;

  it("start at a sub-section heading right after an exercise with a check, with the anchors in each", () => {
    const markdown = [
      "Opening words.",
      "",
      exercise("First check"),
      "",
      "### Second part",
      "",
      "A :dfn[widget term] and more.",
      "",
      '::widget{name="factor-tree" n="360"}',
      "",
      exercise("Second check"),
    ].join("\n");
    const result = renderLesson(markdown, { checkWidget: () => null, idPrefix: "sec-" });
    expect(result.parts).toEqual([
      { title: null, anchors: ["sec-exercise-first-check"] },
      { title: "Second part", anchors: ["sec-second-part", "sec-term-widget-term", "sec-exercise-second-check"] },
    ]);
    expect(result.blocks.map((block) => [block.kind, block.part])).toEqual([
      ["html", 0],
      ["html", 1],
      ["widget", 1],
      ["html", 1],
    ]);
    expect(htmlBlocks(result.blocks)[1]).toMatch(/^<h3 id="sec-second-part">/);
  });

  it("keep a section whole when its sub-sections do not follow a check", () => {
    const proof = '::::exercise{title="Prove it" kind="proof"}\nShow it.\n::::';
    for (const before of ["Words.", proof, exercise("Inside a note").replace(/^/gm, "> ")]) {
      const result = renderLesson(`${before}\n\n### Later\n\nText.`, { checkWidget: () => null });
      expect(result.parts.map((part) => part.title)).toEqual([null]);
      expect(result.blocks.every((block) => block.part === 0)).toBe(true);
    }
  });
});
