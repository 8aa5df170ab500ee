import Box from "@mui/material/Box";
import { useEffect, useRef, useState } from "react";

/** Draws a square picture of `size` CSS pixels; the context is already scaled for the screen's pixel density. */
export type DrawPattern = (context: CanvasRenderingContext2D, size: number) => void;

interface PatternCanvasProps {
  draw: DrawPattern;
  /** What is drawn, in words (the canvas itself says nothing to a screen reader). */
  label: string;
  describedBy: string;
  maxSize: number;
}

/**
 * A square canvas as wide as its container allows, up to `maxSize`, with one backing pixel per
 * device pixel so lines stay sharp on dense screens. Redraws whenever `draw` changes.
 */
export function PatternCanvas({ draw, label, describedBy, maxSize }: PatternCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState(0);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setSize(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext("2d");
    if (!element || !context || size === 0) return;
    const density = window.devicePixelRatio || 1;
    const backing = Math.round(size * density);
    // Assigning the size clears the canvas and its state, so it is done only when the size changes.
    if (element.width !== backing) element.width = backing;
    if (element.height !== backing) element.height = backing;
    context.setTransform(density, 0, 0, density, 0, 0);
    context.clearRect(0, 0, size, size);
    draw(context, size);
  }, [draw, size]);

  return (
    <Box
      component="canvas"
      ref={canvas}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      sx={{ display: "block", width: "100%", maxWidth: maxSize, aspectRatio: "1", mx: "auto" }}
    />
  );
}
