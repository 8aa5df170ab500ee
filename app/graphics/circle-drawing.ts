import { circlePosition, type CirclePoint } from "#core/plot/times-table";

/** Circles with at most this many points get their numbers written beside them. */
const LABELLED_POINTS = 40;
/** Circles with more points than this are drawn without dots, which would merge into a ring. */
const DOTTED_POINTS = 360;

/** Space between the circle and a point's number, in CSS pixels. */
const LABEL_GAP = 14;
/** Space around the circle: room for the numbers when they are written. */
const LABELLED_MARGIN = 28;
const PLAIN_MARGIN = 10;

export interface CircleFrame {
  radius: number;
  /** Screen position of a point of the unit circle: point 0 on the left, numbers running counter-clockwise. */
  place: (point: CirclePoint) => { x: number; y: number };
}

export function circleFrame(size: number, n: number): CircleFrame {
  const margin = n <= LABELLED_POINTS ? LABELLED_MARGIN : PLAIN_MARGIN;
  const radius = size / 2 - margin;
  const centre = size / 2;
  return { radius, place: ({ x, y }) => ({ x: centre - radius * x, y: centre + radius * y }) };
}

export interface CircleColours {
  circle: string;
  /** The points and their numbers. */
  points: string;
}

/** The circle, its n points and, when there is room, their numbers. */
export function drawNumberedCircle(
  context: CanvasRenderingContext2D,
  frame: CircleFrame,
  n: number,
  colours: CircleColours,
) {
  const centre = frame.place({ x: 0, y: 0 });
  context.strokeStyle = colours.circle;
  context.lineWidth = 1;
  context.beginPath();
  context.arc(centre.x, centre.y, frame.radius, 0, 2 * Math.PI);
  context.stroke();
  if (n > DOTTED_POINTS) return;
  context.fillStyle = colours.points;
  const dot = n <= LABELLED_POINTS ? 3 : 1.5;
  context.font = "12px system-ui, sans-serif";
  context.textAlign = "center";
  context.textBaseline = "middle";
  for (let k = 0; k < n; k += 1) {
    const unit = circlePosition(k, n);
    const p = frame.place(unit);
    context.beginPath();
    context.arc(p.x, p.y, dot, 0, 2 * Math.PI);
    context.fill();
    if (n <= LABELLED_POINTS) {
      const outward = (frame.radius + LABEL_GAP) / frame.radius;
      const label = frame.place({ x: unit.x * outward, y: unit.y * outward });
      context.fillText(String(k), label.x, label.y);
    }
  }
}

/**
 * A straight line between two positions of the circle (fractional positions lie between
 * points), or its first `fraction` while it is being drawn.
 */
export function drawChord(
  context: CanvasRenderingContext2D,
  frame: CircleFrame,
  n: number,
  from: number,
  to: number,
  fraction = 1,
) {
  const a = frame.place(circlePosition(from, n));
  const b = frame.place(circlePosition(to, n));
  context.beginPath();
  context.moveTo(a.x, a.y);
  context.lineTo(a.x + (b.x - a.x) * fraction, a.y + (b.y - a.y) * fraction);
  context.stroke();
}
