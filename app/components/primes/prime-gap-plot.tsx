import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useColorScheme } from "@mui/material/styles";
import { useEffect, useMemo, useRef, useState } from "react";
import { sharpCanvas } from "../math/sharp-canvas";
import { primesInRange } from "../../../core/numtheory/prime-sieve";

const WIDTH = 720;
const HEIGHT = 300;
const MARGIN = { left: 48, right: 12, top: 12, bottom: 28 };
/** Widths of the view, in numbers: sieving 10^6 numbers takes a few milliseconds. */
const SPANS = [1_000, 10_000, 100_000, 1_000_000] as const;
/** primesInRange works below 2^32. */
const LAST_START = 2 ** 32 - 1 - SPANS.at(-1)!;

/** The gaps between consecutive primes in [start, start + span], and the widest of them. */
function gapsIn(start: number, span: number) {
  const primes = primesInRange(start, start + span);
  let widest = { size: 0, after: 0 };
  const points: [number, number][] = [];
  for (let i = 1; i < primes.length; i += 1) {
    const size = primes[i]! - primes[i - 1]!;
    points.push([primes[i - 1]!, size]);
    if (size > widest.size) widest = { size, after: primes[i - 1]! };
  }
  return { points, widest, count: primes.length };
}

/**
 * The gap after each prime in a window of the number line, zoomable by powers of ten and movable
 * along the line: gaps grow slowly (about ln p on average) while their maxima climb.
 */
export function PrimeGapPlot() {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  // Canvas colours come from the theme: draw again when the colour scheme changes.
  const { mode, systemMode } = useColorScheme();
  const scheme = mode === "system" ? systemMode : mode;
  const [zoom, setZoom] = useState(3);
  const [start, setStart] = useState(0);
  const span = SPANS[zoom]!;
  const { points, widest, count } = useMemo(() => gapsIn(start, span), [start, span]);

  useEffect(() => {
    // On the next frame, once a change of colour scheme has reached the page's styles.
    const frame = requestAnimationFrame(() => {
      const canvas = canvasRef.current;
      const context = canvas && sharpCanvas(canvas, WIDTH, HEIGHT);
      if (!canvas || !context) return;
      const style = getComputedStyle(canvas);
      const top = Math.max(10, Math.ceil((widest.size * 1.1) / 10) * 10);
      const x = (n: number) => MARGIN.left + ((n - start) / span) * (WIDTH - MARGIN.left - MARGIN.right);
      const y = (gap: number) => HEIGHT - MARGIN.bottom - (gap / top) * (HEIGHT - MARGIN.top - MARGIN.bottom);
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
      context.fillText(start.toLocaleString("en"), MARGIN.left, HEIGHT - 8);
      context.textAlign = "right";
      context.fillText((start + span).toLocaleString("en"), WIDTH - MARGIN.right, HEIGHT - 8);
      context.fillStyle = style.color;
      const size = span <= 10_000 ? 3 : 1.5;
      for (const [p, gap] of points) context.fillRect(x(p) - size / 2, y(gap) - size / 2, size, size);
    });
    return () => cancelAnimationFrame(frame);
  }, [points, widest, start, span, scheme]);

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
        {count.toLocaleString("en")} primes from {start.toLocaleString("en")} to {(start + span).toLocaleString("en")};
        widest gap {widest.size} after {widest.after.toLocaleString("en")}.
      </Typography>
      <Box
        component="canvas"
        ref={canvasRef}
        role="img"
        aria-label={`The gap after each prime from ${start} to ${start + span}; the widest is ${widest.size}, after ${widest.after}.`}
        sx={{
          width: WIDTH,
          maxWidth: "100%",
          aspectRatio: `${WIDTH} / ${HEIGHT}`,
          color: "primary.main",
          bgcolor: "background.paper",
          border: 1,
          borderColor: "divider",
        }}
      />
    </Box>
  );
}
