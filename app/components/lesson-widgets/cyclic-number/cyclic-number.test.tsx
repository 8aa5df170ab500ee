import { describe, expect, it } from "vitest";
import { renderWidget, textContent as text } from "../render-widget.test-helpers";
import CyclicNumberWidget from "./cyclic-number";
import { attributes } from "./params";

const render = (raw: Record<string, string>) => renderWidget(<CyclicNumberWidget {...attributes.parse(raw)} />);

describe("CyclicNumberWidget (server render)", () => {
  it("starts with 142857 for p = 7, its ring and the controls", () => {
    const html = render({});
    const page = text(html);
    expect(page).toContain("142857");
    expect(page).toContain("1 × 142857 is 142857 itself");
    expect(html).toContain('role="img"');
    for (const label of ["Prime p", "Base b", "Play", "Step", "Reset"]) expect(page).toContain(label);
    // The six digits of 1/7 on the ring, each once, in reading order.
    expect([...html.matchAll(/<text[^>]*font-size="[\d.]+"[^>]*>(\d)<\/text>/g)].map((match) => match[1])).toEqual([
      "1",
      "4",
      "2",
      "8",
      "5",
      "7",
    ]);
  });

  it("keeps the leading zero of 17's cyclic number", () => {
    expect(text(render({ p: "17" }))).toContain("0588235294117647");
  });

  it("explains why 13 and 15 have no cyclic number and suggests the nearest primes", () => {
    const thirteen = text(render({ p: "13" }));
    expect(thirteen).toContain("The period of 1/13 in base 10 is 6, not 12");
    expect(thirteen).toContain("Try p = 7");
    expect(thirteen).toContain("Try p = 17");
    expect(text(render({ p: "15" }))).toContain("15 is not prime");
    expect(text(render({ p: "5" }))).toContain("5 divides the base 10");
  });

  it("works in base 2: 5 gives 0011", () => {
    expect(text(render({ p: "5", base: "2" }))).toContain("0011");
  });
});
