import { describe, expect, it } from "vitest";
import { renderWidget, visibleText } from "../render-widget.test-helpers";
import DivisorLatticeWidget from "./divisor-lattice";
import { attributes } from "./params";

const render = (n: number) => renderWidget(<DivisorLatticeWidget n={n} />);

describe("DivisorLatticeWidget", () => {
  it("renders the twelve divisors of 60 as buttons, with one Tab stop, and the lists by level", () => {
    const html = render(60);
    const text = visibleText(html);
    const nodes = [...html.matchAll(/<g[^>]*role="button"[^>]*aria-label="(\d+)"/g)].map((m) => Number(m[1]));
    expect(nodes.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60]);
    expect(html.match(/tabindex="0"/g)?.length).toBe(1); // the diagram is one Tab stop (roving tab index)
    for (const label of ["Number n", "First divisor", "Second divisor", "Clear"]) expect(text).toContain(label);
    expect(text).toContain("Level 1 (1 prime factor): 2, 3, 5");
    expect(text).toContain("Level 2 (2 prime factors): 4, 6, 10, 15");
    expect(text).toContain("Level 4 (4 prime factors): 60");
    expect(text).toContain("Select two divisors to see their gcd (meet) and lcm (join).");
    // Edges d → d·p: 2·1·1 + … = 20 for 60 (each of the 12 divisors, one per prime whose exponent can still grow).
    expect(html.match(/<line /g)?.length).toBe(20);
  });

  it("renders 1, whose lattice is a single node", () => {
    const text = visibleText(render(1));
    expect(text).toContain("Level 0 (no prime factors): 1");
  });

  it("takes n from 1 to 10^6 with at most 64 divisors", () => {
    expect(attributes.parse({})).toEqual({ n: 60 });
    expect(attributes.parse({ n: "30030" })).toEqual({ n: 30_030 });
    const tooMany = attributes.safeParse({ n: "720720" });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]?.message).toBe("720720 has 240 divisors; pick a number with at most 64.");
    expect(attributes.safeParse({ n: "0" }).success).toBe(false);
    expect(attributes.safeParse({ n: "1000001" }).success).toBe(false);
  });
});
