import { describe, expect, it } from "vitest";
import { renderWidget, withoutStyles } from "../render-widget.test-helpers";
import { attributes } from "./params";
import PisanoPeriod from "./pisano-period";

const render = (raw: Record<string, string>) =>
  withoutStyles(renderWidget(<PisanoPeriod {...attributes.parse(raw)} />));

/** Fibonacci numbers mod m by adding exact integers, the oracle for the listed terms. */
function fibonacciMod(m: number, count: number): number[] {
  const terms: number[] = [];
  let [a, b] = [0n, 1n];
  for (let n = 0; n < count; n += 1) {
    terms.push(Number(a % BigInt(m)));
    [a, b] = [b, a + b];
  }
  return terms;
}

describe("PisanoPeriod (server render)", () => {
  it("shows the whole period of the last digits first: π(10) = 60", () => {
    const html = render({});
    expect(html).toContain("After 60 steps the pair is (0, 1) again, so π(10) = 60.");
    expect(html).toContain(`${fibonacciMod(10, 60).join(", ")}, <strong`);
    expect(html).toContain("← (0, 1) again");
    expect(html).toContain("Modulus m");
    for (const label of ["Play", "Step", "Show all"]) expect(html).toContain(`>${label}<`);
    expect(html).toContain('role="img"');
  });

  it("gives π(2) = 3 and π(5) = 20, in the text and the table", () => {
    expect(render({ m: "2" })).toContain("so π(2) = 3.");
    const html = render({ m: "5" });
    expect(html).toContain("so π(5) = 20.");
    // The table row of m = 5 (with 15 and 25 beside it): π(5) = 20, π(15) = 40, π(25) = 100.
    expect(html).toMatch(/>5<\/td><td[^>]*>20<\/td><td[^>]*>15<\/td><td[^>]*>40<\/td><td[^>]*>25<\/td><td[^>]*>100</);
  });

  it("counts the terms it does not list for long periods (m = 1250 has π = 7500)", () => {
    const html = render({ m: "1250" });
    expect(html).toContain("so π(1250) = 7500.");
    expect(html).toContain("(7380 more)");
  });
});
