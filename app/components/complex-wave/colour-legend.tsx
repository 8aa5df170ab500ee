import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useRef } from "react";
import { colourAt, writeColour, type ColouringOptions } from "#core/plot/domain-colouring";

const WHEEL_SIZE = 112;
/** The wheel shows the values w with |w| ≤ this: black in the middle, full colour on |w| = 1, lighter outside. */
const WHEEL_RADIUS = 4;
const STRIP_WIDTH = 240;
const STRIP_HEIGHT = 18;
/** The strip shows |w| from 2^−STRIP_OCTAVES to 2^STRIP_OCTAVES. */
const STRIP_OCTAVES = 6;

/** Paints `canvas` pixel by pixel with the colour of value(x, y) (a w = re + i·im), at the screen's density. */
function paint(
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
  value: (x: number, y: number) => [number, number] | null,
  options: ColouringOptions,
) {
  const density = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * density);
  canvas.height = Math.round(height * density);
  const context = canvas.getContext("2d");
  if (!context) return;
  const image = context.createImageData(canvas.width, canvas.height);
  for (let py = 0; py < canvas.height; py += 1) {
    for (let px = 0; px < canvas.width; px += 1) {
      const w = value((px + 0.5) / density, (py + 0.5) / density);
      if (w) writeColour(w[0], w[1], options, image.data, (py * canvas.width + px) * 4);
    }
  }
  context.putImageData(image, 0, 0);
}

/** The key to the colours: the values w themselves, coloured (a disc of the w-plane and a strip of moduli), with the rules in words. */
export function ColourLegend({ options }: { options: ColouringOptions }) {
  const wheel = useRef<HTMLCanvasElement>(null);
  const strip = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (wheel.current) {
      const half = WHEEL_SIZE / 2;
      paint(
        wheel.current,
        WHEEL_SIZE,
        WHEEL_SIZE,
        (x, y) => {
          const re = ((x - half) / half) * WHEEL_RADIUS;
          const im = ((half - y) / half) * WHEEL_RADIUS;
          return Math.hypot(re, im) <= WHEEL_RADIUS ? [re, im] : null;
        },
        options,
      );
    }
    if (strip.current) {
      paint(
        strip.current,
        STRIP_WIDTH,
        STRIP_HEIGHT,
        (x) => [2 ** (STRIP_OCTAVES * ((2 * x) / STRIP_WIDTH - 1)), 0],
        options,
      );
    }
  }, [options]);

  const swatch = (re: number, im: number) => `rgb(${colourAt(re, im, options).join(", ")})`;
  const chip = (re: number, im: number) => (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: "inline-block",
        width: 12,
        height: 12,
        mx: 0.5,
        borderRadius: "50%",
        bgcolor: swatch(re, im),
        verticalAlign: "middle",
        border: 1,
        borderColor: "divider",
      }}
    />
  );

  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
      <Box component="canvas" ref={wheel} aria-hidden sx={{ width: WHEEL_SIZE, height: WHEEL_SIZE, flexShrink: 0 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" gutterBottom>
          <strong>Hue is the argument</strong> of f(z): red{chip(1, 0)} for positive real values, yellow-green
          {chip(0, 1)} for positive imaginary ones (arg π/2), cyan{chip(-1, 0)} for negative reals (arg π), violet
          {chip(0, -1)} at arg −π/2. The disc shows the values w themselves, coloured, for |w| ≤ {WHEEL_RADIUS}.
        </Typography>
        <Typography variant="body2" gutterBottom>
          <strong>Brightness is the modulus</strong> |f(z)|: black at a zero, full colour at 1, white towards a pole.
          {options.modulusBands &&
            " Each band, dark to light, is one doubling of |f| (from 1 to 2, 2 to 4, …), so the band edges are the contour lines |f| = 2ᵏ."}
          {options.phaseLines && " The phase lines are where arg f(z) is a multiple of π/6."}
        </Typography>
        <Box
          component="canvas"
          ref={strip}
          aria-hidden
          sx={{ width: STRIP_WIDTH, height: STRIP_HEIGHT, display: "block", maxWidth: "100%" }}
        />
        <Stack
          direction="row"
          sx={{ justifyContent: "space-between", width: STRIP_WIDTH, maxWidth: "100%" }}
          aria-hidden
        >
          <Typography variant="caption">|f| = 1/{2 ** STRIP_OCTAVES}</Typography>
          <Typography variant="caption">1</Typography>
          <Typography variant="caption">{2 ** STRIP_OCTAVES}</Typography>
        </Stack>
        <Typography variant="body2" sx={{ mt: 1 }}>
          Round a zero the colours run red, yellow, green, cyan, blue, magenta anticlockwise; round a pole, clockwise.
          They go round as many times as the order of the zero or pole.
        </Typography>
      </Box>
    </Stack>
  );
}
