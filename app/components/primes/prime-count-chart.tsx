import Box from "@mui/material/Box";
import { useId } from "react";
import { logIntegral } from "#core/numtheory/log-integral";

const WIDTH = 640;
const HEIGHT = 260;
const MARGIN = { left: 56, right: 28, top: 16, bottom: 36 };

const SERIES = [
  { name: "π(x)", color: "var(--mui-palette-primary-main)", ratio: () => 1 },
  { name: "li(x)", color: "var(--mui-palette-success-main)", ratio: (x: number, pi: number) => logIntegral(x) / pi },
  { name: "x / ln x", color: "var(--mui-palette-info-main)", ratio: (x: number, pi: number) => x / Math.log(x) / pi },
] as const;

/**
 * π(x) beside its two classical estimates, each as a ratio to π(x) at the points counted (x/2^k up to
 * the bound): li(x) is a hair above 1, x / ln x well below and closing in slowly. Ratios show what a
 * log-log plot of the three would hide, since they differ by less than a line's width.
 */
export function PrimeCountChart({ checkpoints }: { checkpoints: readonly { x: number; count: number }[] }) {
  const titleId = useId();
  const points = checkpoints.filter((point) => point.count > 0 && point.x >= 3);
  if (points.length < 2) return null;
  const ratios = SERIES.map((series) => points.map((point) => series.ratio(point.x, point.count)));
  const low = Math.min(...ratios.flat(), 0.95);
  const high = Math.max(...ratios.flat(), 1.05);
  const first = Math.log10(points[0]!.x);
  const last = Math.log10(points.at(-1)!.x);
  const x = (value: number) =>
    MARGIN.left + ((Math.log10(value) - first) / (last - first || 1)) * (WIDTH - MARGIN.left - MARGIN.right);
  const y = (ratio: number) =>
    HEIGHT - MARGIN.bottom - ((ratio - low) / (high - low)) * (HEIGHT - MARGIN.top - MARGIN.bottom);
  const powers = Array.from({ length: Math.floor(last) - Math.ceil(first) + 1 }, (_, i) => Math.ceil(first) + i);
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={titleId}
      sx={{
        width: "100%",
        maxWidth: WIDTH,
        height: "auto",
        display: "block",
        mt: 2,
        fontSize: 12,
        color: "text.primary",
      }}
    >
      <title id={titleId}>
        {`li(x) and x / ln x as ratios to π(x), at ${points.length} points from ${points[0]!.x.toLocaleString("en")} to ${points.at(-1)!.x.toLocaleString("en")}`}
      </title>
      {[low, 1, high].map((ratio) => (
        <g key={ratio}>
          <line
            x1={MARGIN.left}
            x2={WIDTH - MARGIN.right}
            y1={y(ratio)}
            y2={y(ratio)}
            stroke="var(--mui-palette-divider)"
          />
          <text x={MARGIN.left - 6} y={y(ratio)} textAnchor="end" dominantBaseline="middle" fill="currentColor">
            {ratio.toFixed(2)}
          </text>
        </g>
      ))}
      {powers.map((power) => (
        <text key={power} x={x(10 ** power)} y={HEIGHT - 12} textAnchor="middle" fill="currentColor">
          10
          <tspan baselineShift="super" fontSize={9}>
            {power}
          </tspan>
        </text>
      ))}
      {SERIES.map((series, index) => (
        <g key={series.name}>
          <polyline
            fill="none"
            stroke={series.color}
            strokeWidth={2}
            points={points.map((point, i) => `${x(point.x).toFixed(1)},${y(ratios[index]![i]!).toFixed(1)}`).join(" ")}
          />
          {/* π(x) is labelled at the left, where li(x) has not yet come down onto its line. */}
          <text
            x={index === 0 ? MARGIN.left + 4 : WIDTH - MARGIN.right - 4}
            y={index === 0 ? y(1) + 14 : y(ratios[index]!.at(-1)!) - 6}
            textAnchor={index === 0 ? "start" : "end"}
            fill={series.color}
          >
            {series.name}
          </text>
        </g>
      ))}
    </Box>
  );
}
