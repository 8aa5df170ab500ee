/**
 * The pictures behind (a + b)² = a² + 2ab + b² and (a − b)² = a² − 2ab + b²: rectangles in a
 * square, in units of length, with the area of each. The drawing scales them; the sums shown
 * next to it come from the same numbers.
 */

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface AreaPiece extends Rectangle {
  /** Which part of the identity the piece stands for. */
  part: "a^2" | "ab" | "ba" | "b^2";
  area: number;
}

/** The square of side a + b cut into a², ab, ab, b² (a² top left, b² bottom right). */
export function squareOfSum(a: number, b: number): { side: number; area: number; pieces: AreaPiece[] } {
  const pieces: AreaPiece[] = [
    { part: "a^2", x: 0, y: 0, width: a, height: a, area: a * a },
    { part: "ab", x: a, y: 0, width: b, height: a, area: a * b },
    { part: "ba", x: 0, y: a, width: a, height: b, area: a * b },
    { part: "b^2", x: a, y: a, width: b, height: b, area: b * b },
  ];
  return { side: a + b, area: (a + b) * (a + b), pieces };
}

export interface SquareOfDifference {
  /** The larger of a and b: the big square's side. */
  big: number;
  /** The smaller: the width of each strip cut off. */
  small: number;
  /** True when b > a, so the picture shows (b − a)², which equals (a − b)². */
  swapped: boolean;
  /** The square of side big − small left in the top-left corner. */
  remainder: Rectangle & { area: number };
  /** The strip along the right edge and the one along the bottom, each big × small. */
  strips: [Rectangle & { area: number }, Rectangle & { area: number }];
  /** Where the strips overlap: small × small, taken away twice, so added back once. */
  overlap: Rectangle & { area: number };
}

/** The square of side max(a, b) with two strips of width min(a, b) taken off. */
export function squareOfDifference(a: number, b: number): SquareOfDifference {
  const big = Math.max(a, b);
  const small = Math.min(a, b);
  const cut = big - small;
  return {
    big,
    small,
    swapped: b > a,
    remainder: { x: 0, y: 0, width: cut, height: cut, area: cut * cut },
    strips: [
      { x: cut, y: 0, width: small, height: big, area: small * big },
      { x: 0, y: cut, width: big, height: small, area: small * big },
    ],
    overlap: { x: cut, y: cut, width: small, height: small, area: small * small },
  };
}
