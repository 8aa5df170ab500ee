import PauseIcon from "@mui/icons-material/Pause";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState } from "react";
import { useAutoplayAllowed } from "../use-reduced-motion";
import { curveColor, type ColorScheme } from "#app/graphics/plot-palette";
import { PLOT_COLORS } from "#app/graphics/plot-picture";
import { LabelledSlider } from "./labelled-slider";
import { formatAngle } from "./pi-format";
import { useResolvedScheme } from "#app/theme/use-resolved-scheme";

/** The angle runs over two turns, then starts again. */
export const MAX_ANGLE = 4 * Math.PI;
/** Radians per second while playing: a turn in about 6 s. */
const SPEED = 1;
const HEIGHT_PX = 260;

interface Colors {
  background: string;
  grid: string;
  axis: string;
  text: string;
  point: string;
  sine: string;
}

/** The circle on the left, the unrolled angle on the right; the point's height is the sine's value. */
function draw(ctx: CanvasRenderingContext2D, width: number, height: number, angle: number, colors: Colors) {
  const radius = Math.min(height * 0.38, width * 0.16);
  const cy = height / 2;
  const cx = radius + 16;
  const startX = cx + radius + 28;
  const unit = (width - startX - 12) / MAX_ANGLE;
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, width, height);

  ctx.strokeStyle = colors.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(0, cy);
  ctx.lineTo(width, cy);
  for (let k = 0; k <= 4; k++) {
    const x = startX + k * Math.PI * unit;
    ctx.moveTo(x, cy - radius - 8);
    ctx.lineTo(x, cy + radius + 8);
  }
  ctx.stroke();
  ctx.fillStyle = colors.text;
  ctx.font = "12px system-ui, sans-serif";
  ctx.textAlign = "center";
  ["0", "π", "2π", "3π", "4π"].forEach((label, k) =>
    ctx.fillText(label, startX + k * Math.PI * unit, cy + radius + 22),
  );

  ctx.strokeStyle = colors.axis;
  ctx.beginPath();
  ctx.arc(cx, cy, radius, 0, 2 * Math.PI);
  ctx.stroke();

  const px = cx + radius * Math.cos(angle);
  const py = cy - radius * Math.sin(angle);
  const traceX = startX + angle * unit;

  ctx.strokeStyle = colors.sine;
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  for (let t = 0; t <= angle; t += 0.02) {
    const x = startX + t * unit;
    const y = cy - radius * Math.sin(t);
    if (t === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.lineTo(traceX, py);
  ctx.stroke();

  ctx.strokeStyle = colors.point;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(cx, cy);
  ctx.lineTo(px, py);
  ctx.moveTo(px, cy);
  ctx.lineTo(px, py);
  ctx.stroke();
  ctx.setLineDash([4, 4]);
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(px, py);
  ctx.lineTo(traceX, py);
  ctx.stroke();
  ctx.setLineDash([]);

  ctx.fillStyle = colors.point;
  for (const [x, y] of [
    [px, py],
    [traceX, py],
  ] as const) {
    ctx.beginPath();
    ctx.arc(x, y, 4.5, 0, 2 * Math.PI);
    ctx.fill();
  }
}

/** The unit circle unrolling into the sine: as the point turns, its height draws sin θ. */
export function UnitCircleSine() {
  const autoplay = useAutoplayAllowed();
  const [angle, setAngle] = useState(Math.PI / 3);
  const [playing, setPlaying] = useState<boolean | null>(null);
  const running = playing ?? autoplay;
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const scheme: ColorScheme = useResolvedScheme();

  useEffect(() => {
    if (!running) return;
    let frame = 0;
    let last = performance.now();
    const step = (now: number) => {
      const dt = Math.min(0.1, (now - last) / 1000);
      last = now;
      setAngle((current) => (current + SPEED * dt) % MAX_ANGLE);
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [running]);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = window.devicePixelRatio || 1;
    const width = element.clientWidth;
    element.width = Math.round(width * ratio);
    element.height = Math.round(HEIGHT_PX * ratio);
    const ctx = element.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const base = PLOT_COLORS[scheme];
    draw(ctx, width, HEIGHT_PX, angle, {
      background: base.background,
      grid: base.majorGrid,
      axis: base.axis,
      text: base.text,
      point: curveColor(scheme, 1),
      sine: curveColor(scheme, 0),
    });
  }, [angle, scheme]);

  // Three decimals, without a "−0.000" where the value rounds to zero.
  const show = (value: number) => (Math.abs(value) < 0.0005 ? 0 : value).toFixed(3);
  const sin = show(Math.sin(angle));
  const cos = show(Math.cos(angle));
  return (
    <Stack spacing={2}>
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-label="A unit circle with a point turning around it; to its right, the point's height plotted against the angle, which draws the sine curve"
        sx={{
          width: "100%",
          height: `${HEIGHT_PX}px`,
          display: "block",
          borderRadius: 1,
          border: 1,
          borderColor: "divider",
        }}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={running ? <PauseIcon /> : <PlayArrowIcon />}
          onClick={() => setPlaying(!running)}
        >
          {running ? "Pause" : "Play"}
        </Button>
        <Box sx={{ flexGrow: 1 }}>
          <LabelledSlider
            label="Angle θ"
            value={angle}
            min={0}
            max={MAX_ANGLE}
            step={Math.PI / 12}
            format={formatAngle}
            onChange={(value) => {
              setPlaying(false);
              setAngle(value);
            }}
          />
        </Box>
      </Stack>
      <Typography aria-live={running ? "off" : "polite"}>
        At θ = {formatAngle(angle)} the point is at (cos θ, sin θ) = ({cos}, {sin}): its height {sin} is the value of
        sin θ, drawn at θ on the right.
      </Typography>
    </Stack>
  );
}
