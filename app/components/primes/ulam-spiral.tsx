import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useCallback, useMemo, useState } from "react";
import { dotRaster } from "#app/graphics/dot-raster";
import { SchemeCanvas } from "../math/scheme-canvas";
import { primesUpTo } from "#core/numtheory/prime-sieve";
import { ulamNumberAt, ulamPosition } from "#core/numtheory/ulam-spiral";

/** The canvas's side in CSS pixels. */
const SIDE = 480;
/** Cell sizes in CSS pixels, from the widest view (every pixel a number) to the closest. */
const CELL_SIZES = [1, 2, 4, 8, 16, 32] as const;

/**
 * Ulam's spiral with the primes marked, zoomed by cell size. Primes gather on diagonals, along which
 * the numbers are values of quadratics 4n² + bn + c. The primes come from the sieve: at most 481² numbers.
 */
export function UlamSpiral() {
  const [zoom, setZoom] = useState(1);
  const cell = CELL_SIZES[zoom]!;
  const cells = Math.floor(SIDE / cell) | 1; // odd, so 1 sits in the middle cell
  const largest = cells * cells;
  const primes = useMemo(() => primesUpTo(largest), [largest]);

  const draw = useCallback(
    (context: CanvasRenderingContext2D, style: CSSStyleDeclaration) => {
      const half = (cells - 1) / 2;
      const origin = (SIDE - cells * cell) / 2;
      const dot = cell >= 4 ? cell - 1 : cell;
      // Up to 20,000 primes: written as pixels, which is many times faster than a fillRect each.
      const dots = dotRaster(context, style.color);
      for (const p of primes) {
        const { x, y } = ulamPosition(p);
        dots.dot(origin + (x + half) * cell + dot / 2, origin + (half - y) * cell + dot / 2, dot);
      }
      dots.paint();
      if (cell >= 32) {
        // Close up, the numbers themselves.
        context.font = `${Math.floor(cell / 3)}px sans-serif`;
        context.textAlign = "center";
        context.textBaseline = "middle";
        const isPrime = new Uint8Array(largest + 1);
        for (const p of primes) isPrime[p] = 1;
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
    },
    [cell, cells, largest, primes],
  );

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
      <SchemeCanvas
        draw={draw}
        width={SIDE}
        height={SIDE}
        label={`Ulam's spiral of the numbers 1 to ${largest.toLocaleString("en")}, with the primes marked: they gather on diagonal lines.`}
      />
    </Box>
  );
}
