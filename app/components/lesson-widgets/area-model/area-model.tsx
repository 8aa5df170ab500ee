import Box from "@mui/material/Box";
import Slider from "@mui/material/Slider";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { squareOfDifference, squareOfSum, type Rectangle } from "#core/algebra/square-areas";
import { Formula } from "#app/components/math/formula";
import { WidgetFrame } from "../widget-frame";
import { areaFacts, type Mode } from "./area-facts";
import type { Attributes } from "./params";

const MIN = 1;
const MAX = 12;
/** The square is drawn SIZE units wide, after a MARGIN for the side labels. */
const SIZE = 300;
const MARGIN = 34;
/** Below this font size a label no longer fits its piece; the table still gives it. */
const MIN_LABEL_FONT = 9;

/** Read by screen readers, not drawn. */
const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  margin: "-1px",
  padding: 0,
  border: 0,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

/** Fills are tints of theme colours over the paper, so dark text stays readable in both schemes. */
const drawingStyles = ({ vars, palette }: Theme) => {
  const colors = vars?.palette ?? palette;
  const tint = (color: string, percent: number) =>
    `color-mix(in srgb, ${color} ${percent}%, ${colors.background.paper})`;
  return {
    "& .grid": { stroke: colors.text.secondary, strokeOpacity: 0.25, strokeWidth: 0.75 },
    "& .piece": { stroke: colors.text.primary, strokeWidth: 1.5 },
    "& .square-a": { fill: tint(colors.primary.main, 40) },
    "& .rect-ab": { fill: tint(colors.secondary.main, 35) },
    "& .square-b": { fill: tint(colors.nd_green.main, 35) },
    "& .big": { fill: colors.background.paper },
    "& .left-over": { fill: tint(colors.primary.main, 40) },
    "& .strip": { fill: colors.nd_red.main, fillOpacity: 0.22, stroke: colors.nd_red.main, strokeDasharray: "6 4" },
    "& text": { fill: colors.text.primary, fontFamily: "inherit" },
    "& .side-label": { fontSize: 14 },
  };
};

interface Label {
  box: Rectangle;
  lines: [string, string];
}

/** A piece's name and area centred in it, sized to fit, or nothing if it would not fit. */
function PieceLabel({ box, lines, unit }: Label & { unit: number }) {
  const width = box.width * unit;
  const height = box.height * unit;
  const font = Math.min(18, width / 4, height / 3);
  if (font < MIN_LABEL_FONT) return null;
  const x = MARGIN + (box.x + box.width / 2) * unit;
  const y = MARGIN + (box.y + box.height / 2) * unit;
  return (
    <text x={x} y={y} textAnchor="middle" fontSize={font}>
      <tspan x={x} dy={-font * 0.15}>
        {lines[0]}
      </tspan>
      <tspan x={x} dy={font * 1.15}>
        {lines[1]}
      </tspan>
    </text>
  );
}

function Grid({ side, unit }: { side: number; unit: number }) {
  return (
    <g className="grid">
      {Array.from({ length: side - 1 }, (_, i) => {
        const at = MARGIN + (i + 1) * unit;
        return (
          <g key={i}>
            <line x1={at} y1={MARGIN} x2={at} y2={MARGIN + SIZE} />
            <line x1={MARGIN} y1={at} x2={MARGIN + SIZE} y2={at} />
          </g>
        );
      })}
    </g>
  );
}

/** "a = 3" above (and beside) a stretch of the side, or just "a" where that is too narrow. */
function SideLabels({ parts, unit }: { parts: { name: string; length: number }[]; unit: number }) {
  return (
    <g>
      {parts.map(({ name, length }, i) => {
        if (length === 0) return null;
        const before = parts.slice(0, i).reduce((sum, part) => sum + part.length, 0);
        const middle = MARGIN + (before + length / 2) * unit;
        const text = length * unit >= 56 ? `${name} = ${length}` : name;
        return (
          <g key={name} className="side-label">
            <text x={middle} y={MARGIN - 10} textAnchor="middle">
              {text}
            </text>
            <text x={MARGIN - 10} y={middle} textAnchor="middle" transform={`rotate(-90 ${MARGIN - 10} ${middle})`}>
              {text}
            </text>
          </g>
        );
      })}
    </g>
  );
}

const rect = (box: Rectangle, unit: number, className: string) => (
  <rect
    key={`${className} ${box.x},${box.y}`}
    className={className}
    x={MARGIN + box.x * unit}
    y={MARGIN + box.y * unit}
    width={box.width * unit}
    height={box.height * unit}
  />
);

/**
 * (a + b)² as the area of a square cut into a², ab, ab and b², drawn to scale on a unit grid,
 * with the sum worked out for the chosen a and b; or (a − b)² as a big square with two strips
 * taken away and the doubly removed corner given back.
 */
export default function AreaModel({ a: initialA, b: initialB }: Attributes) {
  const [a, setA] = useState(initialA);
  const [b, setB] = useState(initialB);
  const [mode, setMode] = useState<Mode>("sum");
  const labelA = useId();
  const labelB = useId();

  const sum = squareOfSum(a, b);
  const difference = squareOfDifference(a, b);
  const side = mode === "sum" ? sum.side : difference.big;
  const unit = SIZE / side;
  const [bigName, smallName] = difference.swapped ? ["b", "a"] : ["a", "b"];

  const facts = areaFacts(mode, a, b);

  return (
    <WidgetFrame
      title="Squares as areas"
      instructions="Move the sliders to change a and b. The square is drawn to scale: count the small squares in each piece."
      minHeight="68rem"
    >
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 1, sm: 4 }} sx={{ mb: 2 }}>
        {[
          { id: labelA, name: "a", value: a, set: setA },
          { id: labelB, name: "b", value: b, set: setB },
        ].map(({ id, name, value, set }) => (
          <Box key={name} sx={{ flex: 1, minWidth: 0, px: 1 }}>
            <Typography id={id} gutterBottom>
              Length {name}: <strong>{value}</strong>
            </Typography>
            <Slider
              aria-labelledby={id}
              value={value}
              min={MIN}
              max={MAX}
              step={1}
              marks
              valueLabelDisplay="auto"
              onChange={(_, next) => set(next as number)}
            />
          </Box>
        ))}
      </Stack>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={mode}
        onChange={(_, next: Mode | null) => next && setMode(next)}
        aria-label="Which square to show: of a sum or of a difference"
        sx={{ mb: 2 }}
      >
        <ToggleButton value="sum" sx={{ textTransform: "none", px: 2 }}>
          (a + b)²
        </ToggleButton>
        <ToggleButton value="difference" sx={{ textTransform: "none", px: 2 }}>
          (a − b)²
        </ToggleButton>
      </ToggleButtonGroup>
      <Box
        component="svg"
        role="img"
        aria-label={facts.description}
        viewBox={`0 0 ${SIZE + MARGIN + 4} ${SIZE + MARGIN + 4}`}
        sx={drawingStyles}
        style={{ display: "block", width: "100%", maxWidth: 380, height: "auto", margin: "0 auto" }}
      >
        {mode === "sum" ? (
          <>
            {sum.pieces.map((piece) =>
              rect(
                piece,
                unit,
                `piece ${piece.part === "a^2" ? "square-a" : piece.part === "b^2" ? "square-b" : "rect-ab"}`,
              ),
            )}
            <Grid side={side} unit={unit} />
            {sum.pieces.map((piece) => (
              <PieceLabel
                key={piece.part}
                box={piece}
                unit={unit}
                lines={[piece.part === "a^2" ? "a²" : piece.part === "b^2" ? "b²" : "ab", `= ${piece.area}`]}
              />
            ))}
            <SideLabels
              parts={[
                { name: "a", length: a },
                { name: "b", length: b },
              ]}
              unit={unit}
            />
          </>
        ) : (
          <>
            {rect({ x: 0, y: 0, width: difference.big, height: difference.big }, unit, "piece big")}
            {rect(difference.remainder, unit, "piece left-over")}
            {difference.strips.map((strip) => rect(strip, unit, "strip"))}
            <Grid side={side} unit={unit} />
            <PieceLabel box={difference.remainder} unit={unit} lines={["(a − b)²", `= ${difference.remainder.area}`]} />
            <PieceLabel
              box={difference.overlap}
              unit={unit}
              lines={[`${smallName}²`, `= ${difference.overlap.area}`]}
            />
            <SideLabels
              parts={[
                { name: `${bigName} − ${smallName}`, length: difference.big - difference.small },
                { name: smallName, length: difference.small },
              ]}
              unit={unit}
            />
          </>
        )}
      </Box>
      {mode === "difference" && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          The two dashed strips, each {difference.small} by {difference.big}, are cut off the {bigName}² square. Their
          corner, {difference.small} by {difference.small}, lies in both strips: it was taken away twice, so it is added
          back once.
          {difference.swapped && ` Here b is larger, so the picture shows (b − a)², which equals (a − b)².`}
        </Typography>
      )}
      <Box sx={{ mt: 2, overflowX: "auto" }}>
        {facts.tex.map((tex) => (
          <Formula key={tex} tex={tex} display />
        ))}
      </Box>
      {/* The formulas above say this to the eye; the sentence says it to a screen reader as it changes. */}
      <Typography aria-live="polite" sx={visuallyHidden}>
        {facts.sentence}
      </Typography>
      <Table size="small" sx={{ mt: 2 }} aria-label="The pieces and their areas">
        <TableHead>
          <TableRow>
            <TableCell>Piece</TableCell>
            <TableCell align="right">Width × height</TableCell>
            <TableCell align="right">Area</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {facts.rows.map(({ piece, width, height, area }) => (
            <TableRow key={piece}>
              <TableCell>{piece}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                {width} × {height}
              </TableCell>
              <TableCell align="right">{area}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </WidgetFrame>
  );
}
