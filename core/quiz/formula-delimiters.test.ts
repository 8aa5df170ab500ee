import { describe, expect, it } from "vitest";
import { explicitFormulaDelimiters } from "./formula-delimiters";

describe("explicit formula delimiters", () => {
  it("turns dollar pairs into \\( \\) and \\[ \\]", () => {
    expect(explicitFormulaDelimiters("Find $7^{4}$ and $x$.")).toBe("Find \\(7^{4}\\) and \\(x\\).");
    expect(explicitFormulaDelimiters("So\n$$2 \\cdot 3 = 6$$\nholds.")).toBe("So\n\\[2 \\cdot 3 = 6\\]\nholds.");
  });

  it("leaves escaped dollars, escaped characters inside formulas, and a lone dollar alone", () => {
    expect(explicitFormulaDelimiters("costs \\$5")).toBe("costs \\$5");
    expect(explicitFormulaDelimiters("$a \\$ b$ then $c$")).toBe("\\(a \\$ b\\) then \\(c\\)");
    expect(explicitFormulaDelimiters("a lone $ sign")).toBe("a lone $ sign");
  });

  it("changes nothing without dollars", () => {
    const text = "No formulas \\(here\\) at all.";
    expect(explicitFormulaDelimiters(text)).toBe(text);
  });
});
