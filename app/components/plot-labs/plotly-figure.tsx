import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { PlotlySpec } from "plotly.js-strict-dist-min";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { usePlotly } from "./use-plotly";

/** The message shown where a 3-D surface cannot be drawn, word for word as the tests look for it. */
export const NO_WEBGL_MESSAGE = "3-D surfaces need WebGL, which this browser does not offer.";

let webGLSupport: boolean | undefined;
/** Asked once: creating a WebGL context is costly and browsers limit how many live at once. */
function browserHasWebGL(): boolean {
  if (webGLSupport === undefined) {
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("webgl") ?? canvas.getContext("experimental-webgl");
    webGLSupport = context !== null;
    (context as WebGLRenderingContext | null)?.getExtension("WEBGL_lose_context")?.loseContext();
  }
  return webGLSupport;
}
const neverChanges = () => () => {};

/** null on the server and while hydrating; then whether the browser can draw WebGL. */
function useWebGLSupport(needed: boolean): boolean | null {
  return useSyncExternalStore(
    neverChanges,
    () => (needed ? browserHasWebGL() : true),
    () => null,
  );
}

const PLOTLY_CONFIG = { responsive: true, displaylogo: false };

interface PlotlyFigureProps {
  data: PlotlySpec[];
  layout: PlotlySpec;
  height: number | { xs: number; md: number };
  /** The 3-D traces draw with WebGL; without it the figure says so instead. */
  needsWebGL?: boolean;
  /** Id of the text that says in words what the figure shows. */
  describedBy: string;
  label: string;
  /** Changes when the axes' extents do: the plot is then drawn afresh, and the reader's zoom reset. */
  view?: string;
}

/** A plotly figure: loads plotly on first use, redraws when data or layout change, offers a retry. */
export function PlotlyFigure({
  data,
  layout,
  height,
  needsWebGL = false,
  describedBy,
  label,
  view,
}: PlotlyFigureProps) {
  const { load, retry } = usePlotly();
  const webGL = useWebGLSupport(needsWebGL);
  const host = useRef<HTMLDivElement>(null);
  const plotly = load.status === "ready" && webGL ? load.plotly : null;

  const drawnView = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!plotly || !host.current) return;
    // plotly.react keeps the old plot area when the axes' extents change, and then an axis with
    // equal scales runs past the data (its "domain" constraint is applied on a fresh plot only).
    if (drawnView.current !== undefined && drawnView.current !== view) plotly.purge(host.current);
    drawnView.current = view;
    // plotly writes computed values (ranges, levels, the camera) into what it is given: copies
    // keep them out of the memoized data and layout, which must stay as the lab computed them.
    void plotly.react(host.current, structuredClone(data), structuredClone(layout), PLOTLY_CONFIG);
  }, [plotly, data, layout, view]);

  useEffect(() => {
    const element = host.current;
    if (!plotly || !element) return;
    return () => plotly.purge(element);
  }, [plotly]);

  let notice = null;
  if (webGL === false) {
    notice = <Alert severity="warning">{NO_WEBGL_MESSAGE}</Alert>;
  } else if (load.status === "failed") {
    notice = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            Retry
          </Button>
        }
      >
        The plotting library could not load. Check your connection, then try again.
      </Alert>
    );
  } else if (load.status === "loading") {
    notice = (
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", p: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography color="text.secondary">Loading the plotter…</Typography>
      </Stack>
    );
  }

  return (
    <Box role="figure" aria-label={label} aria-describedby={describedBy} data-plot-ready={plotly ? "" : undefined}>
      {notice}
      <Box ref={host} className="plotly-host" sx={{ height, display: plotly ? "block" : "none" }} />
    </Box>
  );
}
