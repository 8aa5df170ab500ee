import { describe, expect, it } from "vitest";
import { renderLesson } from "./render-lesson";
import { pluralOf, type TermLinks } from "./term-plugin";

const render = (markdown: string, termLinks?: TermLinks) => {
  const rendered = renderLesson(markdown, { checkWidget: () => null, idPrefix: "sec-", termLinks });
  return { ...rendered, html: rendered.blocks.map((block) => (block.kind === "html" ? block.html : "")).join("") };
};

const links: TermLinks = {
  version: "v",
  targets: [
    { slug: "prime", forms: ["prime", "primes"], href: "/chapter/atoms#primes-term-prime" },
    {
      slug: "carmichael-number",
      forms: ["carmichael number", "carmichael numbers"],
      href: "#fermat-term-carmichael-number",
    },
    { slug: "identity", forms: ["identity", "identities"], href: "/chapter/algebra#laws-term-identity" },
    { slug: "euler-s-totient-function", forms: ["euler's totient function"], href: "#euler-term-totient" },
  ],
};

describe("defined terms", () => {
  it("are shown as <dfn> with an anchor after the section's prefix, and collected for the glossary", () => {
    const { html, terms, problems } = render("A composite $n$ is a :dfn[Carmichael number] if it passes every base.");
    expect(html).toContain('<dfn id="sec-term-carmichael-number">Carmichael number</dfn>');
    expect(terms).toEqual([
      {
        slug: "carmichael-number",
        term: "Carmichael number",
        forms: ["carmichael number", "carmichael numbers"],
        anchor: "sec-term-carmichael-number",
        line: 1,
      },
    ]);
    expect(problems).toEqual([]);
  });

  it("take their headword from term=… and the words that link to them from forms=… (empty: never linked)", () => {
    const { terms } = render(
      'Numbers are :dfn[even]{term="even number" forms="even number|even numbers"} or :dfn[in the base]{term="base" forms=""}.',
    );
    expect(terms.map(({ slug, term, forms }) => ({ slug, term, forms }))).toEqual([
      { slug: "even-number", term: "even number", forms: ["even number", "even numbers"] },
      { slug: "base", term: "base", forms: [] },
    ]);
  });

  it("keep their inline Markdown and formulas, and a formula in a term asks for its words", () => {
    const withWords = render(':dfn[order of $a$]{term="order"} is the least $k$.');
    expect(withWords.html).toMatch(/<dfn id="sec-term-order">order of <span class="katex">/);
    expect(withWords.problems).toEqual([]);
    const without = render(":dfn[order of $a$] is the least $k$.");
    expect(without.problems).toEqual([
      expect.objectContaining({ line: 1, message: 'A defined term with a formula needs its words as term="…"' }),
    ]);
    expect(without.terms[0]!.forms).toEqual([]);
  });

  it("report an unknown attribute, bad attributes and a term defined twice in a section", () => {
    expect(render(':dfn[prime]{colour="red"}').problems[0]!.message).toBe(
      'Defined term: unknown attribute "colour" (only term and forms)',
    );
    expect(render(":dfn[prime]{term=prime}").problems[0]!.message).toMatch(/^Defined term: cannot read the attributes/);
    const twice = render(":dfn[prime] and again\n\n:dfn[Prime].");
    expect(twice.terms).toHaveLength(1);
    expect(twice.problems).toEqual([
      expect.objectContaining({
        line: 3,
        message: '"Prime" is defined twice in this section; the glossary keeps the first',
      }),
    ]);
    // Two anchors still: each dfn has its own id.
    expect(twice.html).toContain('<dfn id="sec-term-prime-2">');
  });

  it("never take a heading's anchor", () => {
    const { html } = render("### Term prime {#term-prime}\n\nA :dfn[prime] is…");
    expect(html).toContain('<h3 id="sec-term-prime">');
    expect(html).toContain('<dfn id="sec-term-prime-2">');
  });

  it("leave `:dfn` without a closing bracket as text", () => {
    expect(render("A :dfn[prime is").html).toBe("<p>A :dfn[prime is</p>\n");
  });
});

describe("linking the terms of other sections", () => {
  it("links the first use of each term in the section, singular or plural, any case", () => {
    const { html } = render(
      "Primes are many. A prime divides… Carmichael numbers, a Carmichael number.\n\nMore primes.",
      links,
    );
    expect(html).toBe(
      '<p><a href="/chapter/atoms#primes-term-prime" class="term" data-term="prime">Primes</a> are many. A prime divides… ' +
        '<a href="#fermat-term-carmichael-number" class="term" data-term="carmichael-number">Carmichael numbers</a>, a Carmichael number.</p>\n' +
        "<p>More primes.</p>\n",
    );
  });

  it("matches whole words only, with straight or curly apostrophes", () => {
    const { html } = render("An E-prime, primeval, Euler's totient function.", links);
    expect(html).not.toContain('data-term="prime"');
    expect(html).toContain('data-term="euler-s-totient-function">Euler’s totient function</a>');
  });

  it("does not link inside headings, box titles, table headers, links, a term's own definition or a possessive", () => {
    const markdown = [
      "### Primes",
      "",
      ':::note{title="About primes"}',
      '[a prime](https://example.org) and :dfn[prime number]{forms=""} and Bézout\'s identity.',
      ":::",
      "",
      "| primes |",
      "| --- |",
      "| identity |",
    ].join("\n");
    const { html } = render(markdown, links);
    expect(html.match(/class="term"/g)).toHaveLength(1);
    expect(html).toContain(
      '<td><a href="/chapter/algebra#laws-term-identity" class="term" data-term="identity">identity</a></td>',
    );
  });

  it("links nothing without links, or when no form is given", () => {
    expect(render("A prime.").html).toBe("<p>A prime.</p>\n");
    expect(render("A prime.", { version: "v", targets: [{ slug: "prime", forms: [], href: "#p" }] }).html).toBe(
      "<p>A prime.</p>\n",
    );
  });
});

it("makes English plurals of a term's last word", () => {
  expect(["number", "class", "box", "body", "day", "modulus", "match"].map(pluralOf)).toEqual([
    "numbers",
    "classes",
    "boxes",
    "bodies",
    "days",
    "moduli",
    "matches",
  ]);
});
