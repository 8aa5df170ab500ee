import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PrimeCountChart } from "./prime-count-chart";

/** π(10^k) for k = 3…6, published values. */
const checkpoints = [
  { x: 1e3, count: 168 },
  { x: 1e4, count: 1229 },
  { x: 1e5, count: 9592 },
  { x: 1e6, count: 78498 },
];

/** The y of each point of each line, in drawing order. */
function lines(markup: string): number[][] {
  return [...markup.matchAll(/<polyline[^>]* points="([^"]+)"/g)].map((match) =>
    match[1]!.split(" ").map((pair) => Number(pair.split(",")[1])),
  );
}

describe("the chart of π beside its estimates", () => {
  it("draws li(x) above π(x) and x / ln x below it, closing in as x grows", () => {
    const [pi, li, xOverLog] = lines(renderToStaticMarkup(<PrimeCountChart checkpoints={checkpoints} />));
    expect(pi).toHaveLength(4);
    // SVG y grows downwards: above means smaller y.
    li!.forEach((value, i) => expect(value).toBeLessThan(pi![i]!));
    xOverLog!.forEach((value, i) => expect(value).toBeGreaterThan(pi![i]!));
    expect(xOverLog![3]! - pi![3]!).toBeLessThan(xOverLog![0]! - pi![0]!);
  });

  it("draws nothing without two points to join", () => {
    expect(renderToStaticMarkup(<PrimeCountChart checkpoints={checkpoints.slice(0, 1)} />)).toBe("");
  });
});
