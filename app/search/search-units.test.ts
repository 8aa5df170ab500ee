import { describe, expect, it } from "vitest";
import { searchUnitsOf } from "./search-units";

const SECTION = [
  "Some numbers fool the Fermat test.",
  "",
  ':::definition{title="Carmichael number"}',
  "A composite $n$ with $a^{n-1} \\equiv 1$ for all $a$ coprime to $n$.",
  ":::",
  "",
  ":::lemma",
  "Korselt's criterion.",
  ":::",
  "",
  '::::exercise{title="Smallest"}',
  "Show that 561 is one.",
  "",
  ":::check",
  "integer 561",
  ":::",
  "",
  ":::hint",
  "Try 3 · 11 · 17.",
  ":::",
  "",
  ":::answer",
  "It passes for every base.",
  ":::",
  "::::",
  "",
  "$$",
  "561 = 3 \\cdot 11 \\cdot 17",
  "$$",
].join("\n");

describe("search units of a section", () => {
  const units = searchUnitsOf("tests", "Testing primes", SECTION);

  it("gives the section, then its definitions, theorems (a lemma too) and exercises with the page's anchors", () => {
    expect(units.map(({ kind, target, title }) => ({ kind, target, title }))).toEqual([
      { kind: "section", target: "tests", title: "Testing primes" },
      { kind: "definition", target: "tests-definition-carmichael-number", title: "Definition: Carmichael number" },
      { kind: "theorem", target: "tests-lemma-1", title: "Lemma" },
      { kind: "exercise", target: "tests-exercise-smallest", title: "Exercise 1: Smallest" },
    ]);
  });

  it("keeps the words and formulas' sources, and leaves out hints, answers and keys", () => {
    const [section, definition, , exercise] = units;
    expect(section!.body).toContain("Some numbers fool the Fermat test.");
    expect(section!.body).toContain("Carmichael number");
    expect(section!.body).toContain("561 = 3 \\cdot 11 \\cdot 17");
    expect(definition!.body).toBe("A composite n with a^{n-1} \\equiv 1 for all a coprime to n.");
    expect(exercise!.body).toBe("Show that 561 is one.");
    for (const unit of units) {
      expect(unit.body).not.toMatch(/Try 3|passes for every base|integer 561/);
    }
  });
});
