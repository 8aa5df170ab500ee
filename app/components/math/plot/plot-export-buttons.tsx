import Button from "@mui/material/Button";
import type { RefObject } from "react";
import type { EntryOutcome } from "#core/plot/plot-entries";
import { drawPlot } from "#app/graphics/draw-plot";
import type { ColorScheme } from "#app/graphics/plot-palette";
import { plotPicture } from "#app/graphics/plot-picture";
import type { PlotState } from "./plot-state";
import { SvgContext } from "#app/graphics/svg-context";

interface PlotExportButtonsProps {
  canvas: RefObject<HTMLCanvasElement | null>;
  state: PlotState;
  outcomes: readonly EntryOutcome[];
  colors: readonly string[];
  scheme: ColorScheme;
}

function download(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  // The click has started the download; the address can go once the event loop turns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The plot as a PNG (the canvas as drawn, at the screen's resolution) or as SVG, both in the current theme. */
export function PlotExportButtons({ canvas, state, outcomes, colors, scheme }: PlotExportButtonsProps) {
  const exportPng = () => canvas.current?.toBlob((blob) => blob && download(blob, "plot.png"), "image/png");
  const exportSvg = () => {
    const element = canvas.current;
    if (!element) return;
    const width = element.clientWidth;
    const height = element.clientHeight;
    const svg = new SvgContext(width, height);
    const entries = state.entries.map((entry, index) => ({ ...entry, color: colors[index] ?? "#000000" }));
    drawPlot(svg, plotPicture({ view: state.view, width, height, scheme, piTicks: state.piTicks, entries, outcomes }));
    download(new Blob([svg.toString()], { type: "image/svg+xml" }), "plot.svg");
  };
  return (
    <>
      <Button variant="outlined" color="inherit" onClick={exportPng}>
        Export PNG
      </Button>
      <Button variant="outlined" color="inherit" onClick={exportSvg}>
        Export SVG
      </Button>
    </>
  );
}
