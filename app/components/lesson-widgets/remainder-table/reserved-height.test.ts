import { describe, expect, it } from "vitest";
import { reservedHeight } from "./reserved-height";

/** Evaluates the CSS the way a browser would, for a given viewport width (1rem = 16px). */
function evaluate(css: string, viewport: number): number {
  const rem = (text: string) => Number(text.replace("rem", "")) * 16;
  const wide = rem(/^max\(([\d.]+rem)/.exec(css)![1]!);
  const steps = [...css.matchAll(/clamp\(0rem, calc\(\((\d+)px - 100vw\) \* 10000\), ([\d.]+rem)\)/g)].map((match) =>
    Math.min(Math.max(0, (Number(match[1]) - viewport) * 10000), rem(match[2]!)),
  );
  return Math.max(wide, ...steps);
}

describe("reservedHeight", () => {
  const css = reservedHeight(30, [
    { below: 832, height: 35 },
    { below: 616, height: 50 },
  ]);

  it("is the wide height on wide screens and each step's height below its width", () => {
    expect(evaluate(css, 1280)).toBe(30 * 16);
    expect(evaluate(css, 832)).toBe(30 * 16);
    expect(evaluate(css, 800)).toBe(35 * 16);
    expect(evaluate(css, 616)).toBe(35 * 16);
    expect(evaluate(css, 600)).toBe(50 * 16);
    expect(evaluate(css, 360)).toBe(50 * 16);
  });

  it("is a plain max() with only the wide height when there are no steps", () => {
    expect(reservedHeight(26, [])).toBe("max(26.0rem)");
  });
});
