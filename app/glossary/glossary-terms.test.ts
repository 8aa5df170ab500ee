import { expect, it } from "vitest";
import { termDefinitionsOf } from "./glossary-terms";

const definitions = (markdown: string) =>
  termDefinitionsOf("sec", markdown).map(({ slug, anchor, text }) => ({ slug, anchor, text }));

it("takes the sentence around a term defined in prose, abbreviations and formulas included", () => {
  const markdown =
    "Some numbers fool the test. A composite $n$ is a :dfn[Carmichael number] if it passes for every base, e.g. 561. They are rare.";
  expect(definitions(markdown)).toEqual([
    {
      slug: "carmichael-number",
      anchor: "sec-term-carmichael-number",
      text: "A composite n is a Carmichael number if it passes for every base, e.g. 561.",
    },
  ]);
  const { html } = termDefinitionsOf("sec", markdown)[0]!;
  // The page's id stays on the page; the formula is typeset.
  expect(html).toMatch(/^<p>A composite <span class="katex">.*<dfn>Carmichael number<\/dfn> if it passes/);
});

it("takes the whole body of a definition box, without its title", () => {
  const markdown = [
    "Before the box.",
    "",
    ':::definition{title="Congruence"}',
    'Let $m \\ge 1$. Integers $a$ and $b$ are :dfn[congruent modulo]{term="congruent modulo m"} $m$ when $m \\mid a - b$.',
    "",
    "The number $m$ is the :dfn[modulus].",
    ":::",
  ].join("\n");
  const body = "Let m \\ge 1. Integers a and b are congruent modulo m when m \\mid a - b. The number m is the modulus.";
  expect(definitions(markdown)).toEqual([
    { slug: "congruent-modulo-m", anchor: "sec-term-congruent-modulo-m", text: body },
    { slug: "modulus", anchor: "sec-term-modulus", text: body },
  ]);
  expect(termDefinitionsOf("sec", markdown)[0]!.html).not.toContain("Congruence");
});

it("follows a sentence across a display formula on lines of its own, both ways", () => {
  const markdown = [
    "A program often runs a recurrence. The simplest is the :dfn[linear congruential generator]:",
    "$$x_{n+1} = (a x_n + c) \\bmod m,$$",
    "with a multiplier $a$ and a starting value $x_0$, the :dfn[seed]. Each number follows from the one before.",
  ].join("\n");
  const sentence =
    "The simplest is the linear congruential generator: x_{n+1} = (a x_n + c) \\bmod m, with a multiplier a and a starting value x_0, the seed.";
  expect(definitions(markdown).map((entry) => entry.text)).toEqual([sentence, sentence]);
  const [generator] = termDefinitionsOf("sec", markdown);
  expect(generator!.html).toMatch(
    /^<p>The simplest.*<\/p><div class="lesson-display-math">.*<\/div>\n<p>with a multiplier/s,
  );
});

it("stops at the paragraph when the next one does not go on, and keeps one definition of a term", () => {
  const markdown = "A :dfn[factor tree] splits a number:\n\n$$360 = 2 \\cdot 180$$\n\nThe :dfn[factor tree] again.";
  expect(definitions(markdown)).toEqual([
    { slug: "factor-tree", anchor: "sec-term-factor-tree", text: "A factor tree splits a number: 360 = 2 \\cdot 180" },
  ]);
});
