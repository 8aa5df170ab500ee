import Box from "@mui/material/Box";
import { useColorScheme } from "@mui/material/styles";
import { memo, useEffect, useRef } from "react";
import { sharpCanvas } from "#app/graphics/sharp-canvas";

interface SchemeCanvasProps {
  /** Draws in CSS pixels on a cleared canvas; `style` is the canvas's computed style, for the theme's colours. */
  draw(context: CanvasRenderingContext2D, style: CSSStyleDeclaration): void;
  width: number;
  height: number;
  label: string;
}

/**
 * A canvas drawn on the next frame, and again when the colour scheme changes, since canvas colours
 * come from the theme. It reads the scheme itself, so a change of scheme redraws it without rendering
 * the tool around it again; `draw` should change only when the picture does.
 */
export const SchemeCanvas = memo(function SchemeCanvas({ draw, width, height, label }: SchemeCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const { mode, systemMode } = useColorScheme();
  const scheme = mode === "system" ? systemMode : mode;

  useEffect(() => {
    // After the next frame has styled the page (a new scheme included), in a task of its own, so that
    // drawing does not lengthen the frame's work.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const canvas = canvasRef.current;
        const context = canvas && sharpCanvas(canvas, width, height);
        if (canvas && context) draw(context, getComputedStyle(canvas));
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [draw, width, height, scheme]);

  return (
    <Box
      component="canvas"
      ref={canvasRef}
      role="img"
      aria-label={label}
      sx={{
        width,
        maxWidth: "100%",
        aspectRatio: `${width} / ${height}`,
        color: "primary.main",
        bgcolor: "background.paper",
        border: 1,
        borderColor: "divider",
      }}
    />
  );
});
