import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useCallback, useMemo, useState } from "react";
import { dotRaster } from "#app/graphics/dot-raster";
import { SchemeCanvas } from "../math/scheme-canvas";
import { usePrimeWindow } from "#app/workers/use-prime-runs";

const WIDTH = 720;
const HEIGHT = 300;
const MARGIN = { left: 48, right: 12, top: 12, bottom: 28 };
/** Widths of the view, in numbers: the worker sieves the widest, 10^6 numbers, in tens of milliseconds. */
const SPANS = [1_000, 10_000, 100_000, 1_000_000] as const;
/** The worker sieves below 2^32. */
const LAST_START = 2 ** 32 - 1 - SPANS.at(-1)!;

/** The widest gap between consecutive primes of a window (the first, on a tie). */
function widestGap(primes: Uint32Array) {
  let widest = { size: 0, after: 0 };
  for (let i = 1; i < primes.length; i += 1) {
    const size = primes[i]! - primes[i - 1]!;
    if (size > widest.size) widest = { size, after: primes[i - 1]! };
  }
  return widest;
}

/**
 * The gap after each prime in a window of the number line, zoomable by powers of ten and movable
 * along the line: gaps grow slowly (about ln p on average) while their maxima climb.
 */
export function PrimeGapPlot() {
  const [zoom, setZoom] = useState(3);
  const [start, setStart] = useState(0);
  const span = SPANS[zoom]!;
  // Sieved in a worker; the plot shows the last window sieved until the next arrives.
  const { window: sieved, error } = usePrimeWindow(start, start + span);
  const widest = useMemo(() => (sieved ? widestGap(sieved.primes) : null), [sieved]);

  const draw = useCallback(
    (context: CanvasRenderingContext2D, style: CSSStyleDeclaration) => {
      if (!sieved || !widest) return;
      const { lo, hi, primes } = sieved;
      const top = Math.max(10, Math.ceil((widest.size * 1.1) / 10) * 10);
      const x = (n: number) => MARGIN.left + ((n - lo) / (hi - lo)) * (WIDTH - MARGIN.left - MARGIN.right);
      const y = (gap: number) => HEIGHT - MARGIN.bottom - (gap / top) * (HEIGHT - MARGIN.top - MARGIN.bottom);
      // About 78,000 dots at the widest view: written as pixels, under the grid and labels.
      const dots = dotRaster(context, style.color);
      const size = hi - lo <= 10_000 ? 3 : 1.5;
      for (let i = 1; i < primes.length; i += 1) dots.dot(x(primes[i - 1]!), y(primes[i]! - primes[i - 1]!), size);
      dots.paint();
      context.strokeStyle = style.getPropertyValue("--mui-palette-divider") || "#ccc";
      context.fillStyle = style.getPropertyValue("--mui-palette-text-primary") || style.color;
      context.font = "11px sans-serif";
      for (let k = 0; k <= 4; k += 1) {
        const gap = (top * k) / 4;
        context.beginPath();
        context.moveTo(MARGIN.left, y(gap));
        context.lineTo(WIDTH - MARGIN.right, y(gap));
        context.stroke();
        context.textAlign = "right";
        context.fillText(String(Math.round(gap)), MARGIN.left - 6, y(gap) + 4);
      }
      context.textAlign = "left";
      context.fillText(lo.toLocaleString("en"), MARGIN.left, HEIGHT - 8);
      context.textAlign = "right";
      context.fillText(hi.toLocaleString("en"), WIDTH - MARGIN.right, HEIGHT - 8);
    },
    [sieved, widest],
  );

  const move = (direction: number) =>
    setStart((value) => Math.min(LAST_START, Math.max(0, value + (direction * span) / 2)));
  const rezoom = (change: number) => {
    const next = Math.min(SPANS.length - 1, Math.max(0, zoom + change));
    const center = start + span / 2;
    setZoom(next);
    setStart(Math.min(LAST_START, Math.max(0, Math.round(center - SPANS[next]! / 2))));
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: "wrap", alignItems: "center" }} useFlexGap>
        <Button variant="outlined" onClick={() => move(-1)} disabled={start === 0}>
          Earlier
        </Button>
        <Button variant="outlined" onClick={() => move(1)} disabled={start === LAST_START}>
          Later
        </Button>
        <Button variant="outlined" onClick={() => rezoom(-1)} disabled={zoom === 0}>
          Zoom in
        </Button>
        <Button variant="outlined" onClick={() => rezoom(1)} disabled={zoom === SPANS.length - 1}>
          Zoom out
        </Button>
        <Button variant="text" onClick={() => setStart(Math.min(LAST_START, Math.max(10 * start, SPANS.at(-1)!)))}>
          Ten times further out
        </Button>
      </Stack>
      <Typography role="status" variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
        {error
          ? `The primes could not be sieved: ${error}`
          : sieved && widest
            ? `${sieved.primes.length.toLocaleString("en")} primes from ${sieved.lo.toLocaleString("en")} to ${sieved.hi.toLocaleString("en")}; widest gap ${widest.size} after ${widest.after.toLocaleString("en")}.`
            : "Sieving…"}
      </Typography>
      <SchemeCanvas
        draw={draw}
        width={WIDTH}
        height={HEIGHT}
        label={
          sieved && widest
            ? `The gap after each prime from ${sieved.lo} to ${sieved.hi}; the widest is ${widest.size}, after ${widest.after}.`
            : "The gap after each prime, being sieved."
        }
      />
    </Box>
  );
}
