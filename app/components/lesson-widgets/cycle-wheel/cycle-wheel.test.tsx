import { describe, expect, it } from "vitest";
import { modPow } from "#core/numtheory/bigint";
import { renderWidget, visibleText } from "../render-widget.test-helpers";
import CycleWheel from "./cycle-wheel";
import { attributes } from "./params";
import { rhoLayout, VIEW_HEIGHT, VIEW_WIDTH } from "./rho-layout";

const render = (a: number, m: number) => renderWidget(<CycleWheel a={a} m={m} />);

/** The labels drawn in the nodes, in the order they are drawn. */
const nodeLabels = (html: string) =>
  [...html.matchAll(/class="node[^"]*"[^>]*>.*?<text[^>]*>(\d+)<\/text>/g)].map((m) => m[1]);

const power = (a: number, n: number, m: number) => String(modPow(BigInt(a), BigInt(n), BigInt(m)));

describe("CycleWheel widget", () => {
  it("renders 3 mod 7 on the server: fields, controls, the six powers and the order", () => {
    const html = render(3, 7);
    const text = visibleText(html);
    expect(html).toContain('value="3"');
    expect(html).toContain('value="7"');
    for (const label of ["Base a", "Modulus m", "Play", "Step", "Start over"]) expect(text).toContain(label);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-live="polite"');
    expect(nodeLabels(html)).toEqual([0, 1, 2, 3, 4, 5].map((n) => power(3, n, 7)));
    expect(text).toContain("No tail, and a cycle of length 6");
    expect(html).toContain("\\operatorname{ord}_{7}(3) = 6");
    expect(html).toContain("\\varphi(7) = 6");
    expect(text).toContain("Cycle: 1, 3, 2, 6, 4, 5, then 1 again.");
    // The six powers are six different remainders, so the order is φ(7) and 3 is a primitive root.
    expect(new Set([0, 1, 2, 3, 4, 5].map((n) => power(3, n, 7))).size).toBe(6);
    expect(text).toContain("Here it is as long as it can be: 3 is a primitive root modulo 7.");
  });

  it("shows how a shorter order divides φ(m)", () => {
    const html = render(2, 7);
    // 2³ = 8 ≡ 1 (mod 7), and neither 2¹ nor 2² is 1.
    expect([1, 2, 3].map((n) => power(2, n, 7))).toEqual(["2", "4", "1"]);
    expect(html).toContain("\\operatorname{ord}_{7}(2) = 3");
    expect(html).toContain("6 = 3 \\cdot 2");
  });

  it("shows the tail of 2ⁿ mod 12 and says there is no order", () => {
    const html = render(2, 12);
    const text = visibleText(html);
    expect(nodeLabels(html)).toEqual([0, 1, 2, 3].map((n) => power(2, n, 12)));
    expect(text).toContain("A tail of 2 powers, then a cycle of length 2");
    expect(html).toContain("\\gcd(2, 12) = 2 &gt; 1");
    expect(text).toContain("Tail: 1, 2. Cycle: 4, 8, then 4 again.");
    expect(html.match(/class="node tail/g)).toHaveLength(2);
  });

  it("reduces a large base and drops labels on a crowded ring", () => {
    const html = render(10_000, 199);
    expect(visibleText(html)).toContain("Only the remainder matters");
    expect(html).toContain("10000 \\equiv 50 \\pmod{199}");
    expect(nodeLabels(html)).toEqual([]);
  });

  it("keeps every node of every ρ for m ≤ 200 inside the drawing, and apart from its neighbours", () => {
    for (const [tail, period] of [
      [0, 1],
      [0, 198],
      [7, 1],
      [6, 2],
      [2, 42],
      [1, 98],
      [3, 20],
    ] as const) {
      const layout = rhoLayout(tail, period, 3);
      expect(layout.nodes).toHaveLength(tail + period);
      for (const { x, y } of layout.nodes) {
        expect(x - layout.nodeRadius).toBeGreaterThanOrEqual(0);
        expect(x + layout.nodeRadius).toBeLessThanOrEqual(VIEW_WIDTH);
        expect(y - layout.nodeRadius).toBeGreaterThanOrEqual(0);
        expect(y + layout.nodeRadius).toBeLessThanOrEqual(VIEW_HEIGHT);
      }
      layout.nodes.slice(1).forEach((point, index) => {
        const before = layout.nodes[index] ?? point;
        // A labelled node's stroke is 2.5 wide, a dot's 1: neighbours may touch but never overlap.
        const stroke = layout.fontSize === null ? 1 : 2.5;
        expect(Math.hypot(point.x - before.x, point.y - before.y)).toBeGreaterThanOrEqual(
          2 * layout.nodeRadius + stroke,
        );
      });
    }
  });

  it("takes a from 0 to 10^4 and m from 2 to 200", () => {
    expect(attributes.parse({})).toEqual({ a: 3, m: 7 });
    expect(attributes.parse({ a: "0", m: "200" })).toEqual({ a: 0, m: 200 });
    expect(attributes.safeParse({ a: "10001" }).success).toBe(false);
    expect(attributes.safeParse({ m: "1" }).success).toBe(false);
    expect(attributes.safeParse({ n: "5" }).success).toBe(false);
  });
});
