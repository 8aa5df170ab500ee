import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useColorScheme } from "@mui/material/styles";
import { useEffect, useMemo, useRef, useState } from "react";
import { sharpCanvas } from "../math/sharp-canvas";
import { primesUpTo } from "../../../core/numtheory/prime-sieve";
import { ulamNumberAt } from "../../../core/numtheory/ulam-spiral";

/** The canvas's side in CSS pixels. */
const SIDE = 480;
/** Cell sizes in CSS pixels, from the widest view (every pixel a number) to the closest. */
const CELL_SIZES = [1, 2, 4, 8, 16, 32] as const;

/**
 * Ulam's spiral with the primes marked, zoomed by cell size. Primes gather on diagonals, along which
 * the numbers are values of quadratics 4n² + bn + c. The primes come from the sieve: at most 481² numbers.
 */
export function UlamSpiral() {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  // Canvas colours come from the theme: draw again when the colour scheme changes.
  const { mode, systemMode } = useColorScheme();
  const scheme = mode === "system" ? systemMode : mode;
  const [zoom, setZoom] = useState(1);
  const cell = CELL_SIZES[zoom]!;
  const cells = Math.floor(SIDE / cell) | 1; // odd, so 1 sits in the middle cell
  const largest = cells * cells;
  const primes = useMemo(() => primesUpTo(largest), [largest]);

  useEffect(() => {
    // On the next frame, once a change of colour scheme has reached the page's styles.
    const frame = requestAnimationFrame(() => {
      const canvas = canvasRef.current;
      const context = canvas && sharpCanvas(canvas, SIDE, SIDE);
      if (!canvas || !context) return;
      const isPrime = new Uint8Array(largest + 1);
      for (const p of primes) isPrime[p] = 1;
      const style = getComputedStyle(canvas);
      context.fillStyle = style.color;
      const half = (cells - 1) / 2;
      const origin = (SIDE - cells * cell) / 2;
      const dot = cell >= 4 ? cell - 1 : cell;
      for (let row = 0; row < cells; row += 1) {
        for (let column = 0; column < cells; column += 1) {
          if (isPrime[ulamNumberAt(column - half, half - row)]) {
            context.fillRect(origin + column * cell, origin + row * cell, dot, dot);
          }
        }
      }
      if (cell >= 32) {
        // Close up, the numbers themselves.
        context.fillStyle = style.getPropertyValue("--mui-palette-text-secondary") || style.color;
        context.font = `${Math.floor(cell / 3)}px sans-serif`;
        context.textAlign = "center";
        context.textBaseline = "middle";
        for (let row = 0; row < cells; row += 1) {
          for (let column = 0; column < cells; column += 1) {
            const n = ulamNumberAt(column - half, half - row);
            context.fillStyle = isPrime[n]
              ? style.getPropertyValue("--mui-palette-primary-contrastText") || "#000"
              : style.color;
            context.fillText(String(n), origin + (column + 0.5) * cell, origin + (row + 0.5) * cell);
          }
        }
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [cell, cells, largest, primes, scheme]);

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: "center", flexWrap: "wrap" }} useFlexGap>
        <Button variant="outlined" onClick={() => setZoom((z) => Math.max(0, z - 1))} disabled={zoom === 0}>
          Zoom out
        </Button>
        <Button
          variant="outlined"
          onClick={() => setZoom((z) => Math.min(CELL_SIZES.length - 1, z + 1))}
          disabled={zoom === CELL_SIZES.length - 1}
        >
          Zoom in
        </Button>
        <Typography role="status" variant="body2" sx={{ color: "text.secondary" }}>
          1 to {largest.toLocaleString("en")}: {primes.length.toLocaleString("en")} primes
        </Typography>
      </Stack>
      <Box
        component="canvas"
        ref={canvasRef}
        role="img"
        aria-label={`Ulam's spiral of the numbers 1 to ${largest.toLocaleString("en")}, with the primes marked: they gather on diagonal lines.`}
        sx={{
          width: SIDE,
          maxWidth: "100%",
          aspectRatio: "1",
          color: "primary.main",
          bgcolor: "background.paper",
          border: 1,
          borderColor: "divider",
        }}
      />
    </Box>
  );
}
