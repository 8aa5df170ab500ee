import { describe, expect, it } from "vitest";
import { renderWidget, visibleText } from "../render-widget.test-helpers";
import ExpansionChecker from "./expansion-checker";
import { attributes } from "./params";

const render = (raw: Record<string, string>) => renderWidget(<ExpansionChecker {...attributes.parse(raw)} />);

describe("ExpansionChecker (server render)", () => {
  it("starts from (a+b)^2 with a labelled field and a verdict on expansion", () => {
    const html = render({});
    const text = visibleText(html);
    expect(text).toContain("Your steps, one per line");
    expect(html).toMatch(/<textarea[^>]*>\(a\+b\)\^2<\/textarea>/);
    expect(text).toContain("Line 1");
    expect(text).toContain("The starting point.");
    expect(html).toContain("\\left(a+b\\right)^{2}");
    expect(html).toContain('aria-live="polite"');
    expect(text).toContain("The last line is not fully expanded yet: “(a+b)^2” is a power of a sum: multiply it out.");
  });

  it("flags a wrong step with values that show it", () => {
    const text = visibleText(render({ start: "(a+b)^2\na^2+b^2" }));
    expect(text).toContain("Not equal to line 1.");
    // The values given: a = 1, b = 1; by hand (1 + 1)² = 4 and 1² + 1² = 2.
    expect(text).toContain("a = 1,\\ b = 1");
    expect(text).toMatch(/line 1 gives .*4.* this line gives .*2/);
    expect(text).toContain("Line 2 is not equal to line 1.");
  });

  it("accepts a correct chain and says where a line cannot be read", () => {
    const chain = render({ start: "(a+b)^2\n(a+b)(a+b)\na^2+2ab+b^2" });
    expect(visibleText(chain)).toContain("All 2 steps are equal to the line before. The last line is fully expanded.");
    const broken = visibleText(render({ start: "(a+b))^2" }));
    expect(broken).toContain('Cannot read this line: unexpected ")" at 6.');
    expect(broken).toContain("Line 1 could not be checked.");
  });
});
