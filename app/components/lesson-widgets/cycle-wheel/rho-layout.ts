/**
 * Where the cycle wheel draws each power: the tail as a stem climbing into the bottom of a ring, the
 * cycle around the ring in the order the powers come. Plain geometry in a fixed viewBox.
 */

export const VIEW_WIDTH = 320;
export const VIEW_HEIGHT = 320;
const PADDING = 8;
/** A node this big holds a three-digit remainder in 13 px type. */
const FULL_RADIUS = 17;
const STEM_GAP = 44;
/** The tail leaves the ring down and to the left, 60° below the horizontal, like the stroke of a ρ. */
const STEM_DIRECTION = { x: -Math.cos(Math.PI / 3), y: Math.sin(Math.PI / 3) };
const STEM_ANGLE = (Math.atan2(-STEM_DIRECTION.y, -STEM_DIRECTION.x) * 180) / Math.PI;
/** Arc length one cycle node wants around the ring, so small cycles get a small ring. */
const ARC_PER_NODE = 44;
/** A lone node loops on a small ring; two or more share a ring big enough to read at a glance. */
const LOOP_RING = 30;
const SMALLEST_RING = 80;
/** Below this font size a label would not be read; the node stays a dot and the list below names it. */
const SMALLEST_LABEL = 7;

/**
 * Node's and the browser's Math.sin and Math.cos may differ in the last bit, and the server's
 * drawing must match the browser's exactly when it hydrates: every coordinate is kept to 0.01.
 */
const rounded = (value: number) => Math.round(value * 100) / 100;

export interface Point {
  x: number;
  y: number;
}

export interface Arrow extends Point {
  /** Direction of travel, in degrees clockwise from the positive x axis. */
  angle: number;
}

export interface RhoLayout {
  centre: Point;
  ringRadius: number;
  nodeRadius: number;
  /** Font size of the remainders, or null when the nodes are too small to carry them. */
  fontSize: number | null;
  /** Position of a^n for n = 0 … tail + period − 1. */
  nodes: Point[];
  /** The stem's straight segments, from a^n to a^(n+1) for n < tail. */
  stem: { from: Point; to: Point }[];
  arrows: Arrow[];
}

export function rhoLayout(tail: number, period: number, labelDigits: number): RhoLayout {
  const stemGap =
    tail <= 4 ? STEM_GAP : Math.max(30, (VIEW_HEIGHT - 2 * PADDING - 2 * LOOP_RING - 40) / (tail * STEM_DIRECTION.y));
  const stemLength = tail * stemGap * STEM_DIRECTION.y;
  const largestRing = Math.min(VIEW_WIDTH / 2 - PADDING, (VIEW_HEIGHT - 2 * PADDING - stemLength) / 2) - FULL_RADIUS;
  const wantedRing = Math.max(period === 1 ? LOOP_RING : SMALLEST_RING, (period * ARC_PER_NODE) / (2 * Math.PI));
  const ringRadius = Math.max(LOOP_RING, Math.min(largestRing, wantedRing));
  const spacing = (2 * Math.PI * ringRadius) / period;
  const nodeRadius = Math.max(1.5, Math.min(FULL_RADIUS, spacing / 2 - 2));
  const stemRadius = Math.min(FULL_RADIUS, stemGap / 2 - 3);
  const radius = Math.min(nodeRadius, stemRadius);
  const size = Math.min(13, (2 * radius - 4) / (0.62 * Math.max(1, labelDigits)));

  const height = 2 * (ringRadius + radius) + stemLength;
  const centre = { x: VIEW_WIDTH / 2, y: (VIEW_HEIGHT - height) / 2 + radius + ringRadius };
  const onRing = (angle: number): Point => ({
    x: rounded(centre.x + ringRadius * Math.cos(angle)),
    y: rounded(centre.y + ringRadius * Math.sin(angle)),
  });
  // Angles grow clockwise on screen (y points down); the cycle starts at the bottom, where the stem joins.
  const angleOf = (j: number) => Math.PI / 2 + (2 * Math.PI * j) / period;
  const entry = onRing(angleOf(0));
  const nodes: Point[] = [
    ...Array.from({ length: tail }, (_, n) => ({
      x: rounded(entry.x + (tail - n) * stemGap * STEM_DIRECTION.x),
      y: rounded(entry.y + (tail - n) * stemGap * STEM_DIRECTION.y),
    })),
    ...Array.from({ length: period }, (_, j) => onRing(angleOf(j))),
  ];
  const stem = Array.from({ length: tail }, (_, n) => ({ from: nodes[n] ?? entry, to: nodes[n + 1] ?? entry }));
  const arrows: Arrow[] = stem.map(({ from, to }) => ({
    x: (from.x + to.x) / 2,
    y: (from.y + to.y) / 2,
    angle: rounded(STEM_ANGLE),
  }));
  // Enough arrowheads to show the direction, never so many that they crowd the ring.
  const every = Math.max(1, Math.ceil(period / 24));
  for (let j = 0; j < period; j += every) {
    const middle = period === 1 ? Math.PI / 2 + Math.PI : angleOf(j) + Math.PI / period;
    const point = onRing(middle);
    arrows.push({ ...point, angle: rounded((middle * 180) / Math.PI + 90) });
  }
  return {
    centre: { x: rounded(centre.x), y: rounded(centre.y) },
    ringRadius: rounded(ringRadius),
    nodeRadius: rounded(radius),
    fontSize: size >= SMALLEST_LABEL ? rounded(size) : null,
    nodes,
    stem,
    arrows,
  };
}
