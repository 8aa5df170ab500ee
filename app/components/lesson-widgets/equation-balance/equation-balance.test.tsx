import { describe, expect, it } from "vitest";
import { renderWidget, visibleText } from "../render-widget.test-helpers";
import EquationBalance from "./equation-balance";
import { attributes } from "./params";

const render = (raw: Record<string, string>) => renderWidget(<EquationBalance {...attributes.parse(raw)} />);

describe("EquationBalance (server render)", () => {
  it("puts 3x + 5 = 20 on a level balance with labelled controls", () => {
    const html = render({});
    const text = visibleText(html);
    expect(html).toContain('value="3x+5=20"');
    for (const label of [
      "Equation in x",
      "Use this equation",
      "Number or term",
      "Add to both sides",
      "Subtract from both sides",
      "Multiply both sides by",
      "Divide both sides by",
      "Suggest a step",
      "Undo",
      "Start over",
      "Steps so far",
    ]) {
      expect(text).toContain(label);
    }
    expect(html).toContain(
      'role="img" aria-label="A balance with 3x + 5 on the left pan and 20 on the right pan; the beam is level."',
    );
    expect(html).toContain("3x + 5 = 20");
    expect(html).toContain('aria-live="polite"');
    expect(text).toContain("Do the same to both sides until x stands alone on one side.");
  });

  it("checks a solution by putting it back into the equation", () => {
    // x = 7: by hand, 7 on the left and 7 on the right.
    const text = visibleText(render({ equation: "x = 7" }));
    expect(text).toContain("x is on its own");
    expect(text).toContain("the same number. The solution is right.");
  });

  it("says when every x works and when none does, tipping the beam for none", () => {
    expect(visibleText(render({ equation: "2(x+1) = 2x+2" }))).toContain("every number is a solution");
    const none = render({ equation: "1 = 3" });
    expect(visibleText(none)).toContain("the equation has no solution");
    // 3 outweighs 1, so the right pan goes down.
    expect(none).toContain("the beam tips to the right");
  });

  it("explains an equation it cannot take", () => {
    const text = visibleText(render({ equation: "x^2 = 4" }));
    expect(text).toContain("the left side has x^2: only linear equations (no powers of x) work here");
  });
});
