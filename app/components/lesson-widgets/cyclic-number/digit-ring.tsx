import Box from "@mui/material/Box";
import type { Theme } from "@mui/material/styles";
import { useEffect, useRef, useState } from "react";
import { useReducedMotion } from "#app/components/use-reduced-motion";
import { digitSymbol } from "#core/numtheory/base-digits";

const VIEW = 320;
const CENTRE = VIEW / 2;
const RADIUS = 138;
const TURN_MILLISECONDS = 700;
/** Rings with more digits than this are drawn larger where there is room, to stay legible. */
export const LARGE_RING_DIGITS = 24;

const ringStyles = ({ vars, palette }: Theme) => {
  const colors = vars?.palette ?? palette;
  return {
    "& .track": { fill: "none", stroke: colors.divider, strokeWidth: 1 },
    "& text": { fill: colors.text.primary, fontFamily: "monospace" },
    "& .start circle": { fill: colors.secondary.main },
    "& .start text": { fill: colors.secondary.contrastText, fontWeight: 700 },
    "& .origin": { fill: colors.text.secondary },
    "& .centre": { fill: colors.text.secondary, fontFamily: "inherit" },
  };
};

/**
 * Turns smoothly, always forwards, to the wanted starting place; jumps when the reader prefers
 * reduced motion. Starts only from an effect, so the server and the first render agree.
 */
function useTurningOffset(target: number, count: number): number {
  const reduced = useReducedMotion();
  const [offset, setOffset] = useState(target);
  const current = useRef(target);
  useEffect(() => {
    if (reduced) return;
    const from = current.current;
    const distance = (((target - from) % count) + count) % count;
    if (distance === 0) return;
    let frame = 0;
    const started = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - started) / TURN_MILLISECONDS);
      const eased = 1 - (1 - t) ** 3;
      current.current = t === 1 ? target : from + distance * eased;
      setOffset(current.current);
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, count, reduced]);
  return reduced ? target : offset;
}

interface DigitRingProps {
  /** The cyclic number's digits, clockwise from its own start. */
  digits: readonly number[];
  /** The place (0-based) that is read first: it is turned to the top. */
  start: number;
  /** Drawn in the middle, e.g. "× 3". */
  label: string;
  /** Says what the drawing shows, for screen readers. */
  description: string;
}

/** The digits on a circle: the digit read first sits at the top, highlighted; a dot marks the cyclic number's own first digit. */
export function DigitRing({ digits, start, label, description }: DigitRingProps) {
  const count = digits.length;
  const offset = useTurningOffset(start, count);
  const fontSize = Math.min(26, Math.max(7, ((2 * Math.PI * RADIUS) / count) * 0.85));
  const place = (index: number, radius: number) => {
    const angle = ((index - offset) / count) * 2 * Math.PI - Math.PI / 2;
    return { x: CENTRE + radius * Math.cos(angle), y: CENTRE + radius * Math.sin(angle) };
  };
  const origin = place(0, RADIUS - fontSize * 1.1);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={description}
      viewBox={`0 0 ${VIEW} ${VIEW}`}
      sx={ringStyles}
      style={{
        display: "block",
        width: "100%",
        maxWidth: count > LARGE_RING_DIGITS ? 520 : 360,
        height: "auto",
        margin: "0 auto",
      }}
    >
      <circle className="track" cx={CENTRE} cy={CENTRE} r={RADIUS} />
      <circle className="origin" cx={origin.x} cy={origin.y} r={3} />
      {digits.map((digit, index) => {
        const { x, y } = place(index, RADIUS);
        return (
          <g key={index} className={index === start ? "start" : undefined}>
            {index === start && <circle cx={x} cy={y} r={fontSize * 0.72} />}
            <text x={x} y={y} textAnchor="middle" dominantBaseline="central" fontSize={fontSize}>
              {digitSymbol(digit)}
            </text>
          </g>
        );
      })}
      <text className="centre" x={CENTRE} y={CENTRE - 8} textAnchor="middle" dominantBaseline="central" fontSize={30}>
        {label}
      </text>
      <text className="centre" x={CENTRE} y={CENTRE + 22} textAnchor="middle" dominantBaseline="central" fontSize={13}>
        read clockwise from the top
      </text>
    </Box>
  );
}
