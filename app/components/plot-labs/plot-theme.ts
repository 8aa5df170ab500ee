import type { Palette } from "@mui/material/styles";

/** Colours of the plot's frame (text, grid, background) from the page's palette; data keep their colour scale. */
export function plotFrameColours(palette: Palette) {
  return {
    text: palette.text.primary,
    muted: palette.text.secondary,
    grid: palette.divider,
    zeroLine: palette.text.disabled,
    background: palette.background.paper,
  };
}

/** A colour scale that reads on both light and dark pages and in greyscale print. */
export const PLOT_COLOUR_SCALE = "Viridis";
