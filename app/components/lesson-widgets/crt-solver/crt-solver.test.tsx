import { describe, expect, it } from "vitest";
import { renderWidget, withoutStyles } from "../render-widget.test-helpers";
import CrtSolver from "./crt-solver";
import { attributes } from "./params";

const render = (raw: Record<string, string>) => withoutStyles(renderWidget(<CrtSolver {...attributes.parse(raw)} />));

/** The smallest x ≥ 0 below `limit` that satisfies every congruence, by trying each. */
function smallestSolution(system: [number, number][], limit: number): number | null {
  for (let x = 0; x < limit; x += 1) if (system.every(([a, m]) => (((x - a) % m) + m) % m === 0)) return x;
  return null;
}

describe("CrtSolver (server render)", () => {
  it("solves Sunzi's puzzle by default, with its two merges and the check", () => {
    const html = render({});
    const answer = smallestSolution(
      [
        [2, 3],
        [3, 5],
        [2, 7],
      ],
      105,
    );
    expect(html).toContain(`x ≡ ${answer} (mod 105); the smallest non-negative solution is ${answer}.`);
    expect(html).toContain("Step 1: combine");
    expect(html).toContain("Step 2: combine");
    expect(html).not.toContain("Step 3");
    expect(html).toContain("Remainder a₁");
    expect(html).toContain("Modulus m₃");
    expect(html).toContain("Add a congruence");
    expect(html.match(/✓ yes/g)).toHaveLength(3);
  });

  it("divides by the gcd for moduli that are not coprime (3 mod 4, 5 mod 6)", () => {
    const html = render({ congruences: "3 mod 4, 5 mod 6" });
    const answer = smallestSolution(
      [
        [3, 4],
        [5, 6],
      ],
      12,
    );
    expect(answer).not.toBeNull();
    expect(html).toContain(`x ≡ ${answer} (mod 12)`);
    expect(html).toContain("2 divides 2, so divide everything by 2");
  });

  it("names the clashing pair of an inconsistent system", () => {
    const html = render({ congruences: "1 mod 4, 2 mod 5, 0 mod 6" });
    expect(
      smallestSolution(
        [
          [1, 4],
          [2, 5],
          [0, 6],
        ],
        60,
      ),
    ).toBeNull();
    expect(html).toContain("No solution: congruences 1 and 3 clash.");
    expect(html).toContain("2 does not divide");
  });

  it("reduces negative remainders first", () => {
    const html = render({ congruences: "-1 mod 5, 1 mod 3" });
    expect(html).toContain("-1 mod 5 = 4");
    const answer = smallestSolution(
      [
        [-1, 5],
        [1, 3],
      ],
      15,
    );
    expect(html).toContain(`x ≡ ${answer} (mod 15)`);
  });
});
