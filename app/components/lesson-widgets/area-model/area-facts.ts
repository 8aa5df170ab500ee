import { squareOfDifference, squareOfSum } from "#core/algebra/square-areas";

export type Mode = "sum" | "difference";

export interface AreaRow {
  piece: string;
  width: number;
  height: number;
  area: number;
}

export interface AreaFacts {
  /** The identity with the numbers put in, then its value: two display formulas. */
  tex: [string, string];
  /** The same facts in one sentence, for the live region. */
  sentence: string;
  /** The drawing's text alternative. */
  description: string;
  rows: AreaRow[];
}

const row = (piece: string, box: { width: number; height: number; area: number }): AreaRow => ({
  piece,
  width: box.width,
  height: box.height,
  area: box.area,
});

/** Everything the widget writes about the square of a + b or a − b, from the pieces' areas. */
export function areaFacts(mode: Mode, a: number, b: number): AreaFacts {
  const sum = squareOfSum(a, b);
  const [aSquared, ab, ba, bSquared] = sum.pieces.map((piece) => piece.area) as [number, number, number, number];
  const twoAb = ab + ba;
  if (mode === "sum") {
    return {
      tex: [
        `(${a}+${b})^2 = ${a}^2 + 2\\cdot ${a}\\cdot ${b} + ${b}^2`,
        `${sum.area} = ${aSquared} + ${twoAb} + ${bSquared}`,
      ],
      sentence: `(${a} + ${b})² = ${sum.area}, and ${a}² + 2·${a}·${b} + ${b}² = ${aSquared} + ${twoAb} + ${bSquared} = ${sum.area}.`,
      description: `A square of side ${a} + ${b} = ${sum.side} cut into a ${a} by ${a} square, two ${a} by ${b} rectangles and a ${b} by ${b} square. The table below lists the areas.`,
      rows: [
        row("a², top left", sum.pieces[0]!),
        row("ab, top right", sum.pieces[1]!),
        row("ab, bottom left", sum.pieces[2]!),
        row("b², bottom right", sum.pieces[3]!),
        row("The whole square, (a + b)²", { width: sum.side, height: sum.side, area: sum.area }),
      ],
    };
  }
  const difference = squareOfDifference(a, b);
  const [bigName, smallName] = difference.swapped ? ["b", "a"] : ["a", "b"];
  const left = difference.remainder.area;
  const big = { width: difference.big, height: difference.big, area: difference.big * difference.big };
  return {
    tex: [
      `(${a}-${b})^2 = ${a}^2 - 2\\cdot ${a}\\cdot ${b} + ${b}^2`,
      `${left} = ${aSquared} - ${twoAb} + ${bSquared}`,
    ],
    sentence: `(${a} − ${b})² = ${left}, and ${a}² − 2·${a}·${b} + ${b}² = ${aSquared} − ${twoAb} + ${bSquared} = ${left}.`,
    description: `A square of side ${difference.big} with a strip of width ${difference.small} cut off the right and another off the bottom, leaving a square of side ${difference.remainder.width}. The table below lists the areas.`,
    rows: [
      row(`The big square, ${bigName}²`, big),
      row("Strip taken off the right, ab", difference.strips[0]),
      row("Strip taken off the bottom, ab", difference.strips[1]),
      row(`Corner in both strips, added back: ${smallName}²`, difference.overlap),
      row("What is left, (a − b)²", difference.remainder),
    ],
  };
}
