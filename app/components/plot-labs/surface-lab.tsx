import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useId, useMemo } from "react";
import { expressionToTex } from "#core/expr/to-tex";
import { Formula } from "../math/formula";
import { PLOT_COLOUR_SCALE, plotFrameColours } from "./plot-theme";
import { PlotlyFigure } from "./plotly-figure";
import { TwoVariableForm, type TwoVariablePreset } from "./two-variable-form";
import { describeGrid } from "./two-variable-input";
import { useSchemePalette } from "./use-scheme-palette";
import { useTwoVariableFunction } from "./use-two-variable-function";

const square = (half: string, resolution = 61) => ({
  xMin: `-${half}`,
  xMax: half,
  yMin: `-${half}`,
  yMax: half,
  resolution,
});

export const SURFACE_PRESETS: readonly TwoVariablePreset[] = [
  { name: "Saddle", input: { formula: "x^2 - y^2", ...square("2") } },
  { name: "Paraboloid", input: { formula: "x^2 + y^2", ...square("2") } },
  { name: "Ripple", input: { formula: "sin(sqrt(x^2 + y^2))", ...square("10", 101) } },
  { name: "Monkey saddle", input: { formula: "x^3 - 3x y^2", ...square("1.5") } },
  { name: "Egg box", input: { formula: "sin(x) cos(y)", ...square("2π", 81) } },
];

const PLOT_HEIGHT = { xs: 380, md: 560 };

/** The 3-D surface lab: z = f(x, y) typed by the reader, drawn by plotly's surface trace. */
export function SurfaceLab() {
  const { input, setInput, problems, plotted } = useTwoVariableFunction(SURFACE_PRESETS[0]!.input);
  const { palette, fontFamily } = useSchemePalette();
  const descriptionId = useId();

  const data = useMemo(() => {
    if (!plotted) return [];
    const colours = plotFrameColours(palette);
    const { x, y, z } = plotted.grid;
    return [
      {
        type: "surface",
        x,
        y,
        z,
        colorscale: PLOT_COLOUR_SCALE,
        colorbar: { thickness: 14, len: 0.75, outlinewidth: 0, tickfont: { color: colours.muted } },
        contours: { z: { show: true, usecolormap: true, project: { z: false } } },
        hovertemplate: "x = %{x:.3g}<br>y = %{y:.3g}<br>z = %{z:.4g}<extra></extra>",
      },
    ];
  }, [plotted, palette]);

  const layout = useMemo(() => {
    const colours = plotFrameColours(palette);
    const axis = (name: string) => ({
      title: { text: name },
      color: colours.muted,
      gridcolor: colours.grid,
      zerolinecolor: colours.zeroLine,
      showbackground: false,
    });
    return {
      // Unchanged between redraws, so plotly keeps the reader's camera when the formula changes.
      uirevision: "surface",
      margin: { l: 0, r: 0, t: 0, b: 0 },
      paper_bgcolor: "rgba(0,0,0,0)",
      font: { color: colours.text, family: fontFamily },
      scene: {
        xaxis: axis("x"),
        yaxis: axis("y"),
        zaxis: axis("z"),
        // A little flatter than a cube: ripples and saddles read better than in a tall box.
        aspectmode: "manual",
        aspectratio: { x: 1, y: 1, z: 0.7 },
        camera: { eye: { x: 1.6, y: -1.6, z: 1.1 } },
      },
    };
  }, [palette, fontFamily]);

  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "340px minmax(0, 1fr)" }, gap: 4 }}>
      <TwoVariableForm
        input={input}
        problems={problems}
        onChange={setInput}
        presets={SURFACE_PRESETS}
        onPreset={(preset) => setInput(preset.input)}
        formulaLabel="z = f(x, y)"
      />
      <Box sx={{ minWidth: 0 }}>
        {plotted && (
          <Box sx={{ mb: 1, overflowX: "auto" }}>
            <Formula tex={`z = ${expressionToTex(plotted.ast)}`} />
          </Box>
        )}
        <PlotlyFigure
          data={data}
          layout={layout}
          height={PLOT_HEIGHT}
          needsWebGL
          label="3-D surface"
          describedBy={descriptionId}
        />
        <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {plotted ? describeGrid(plotted.grid, plotted.formula, "z") : null} Drag to turn the surface, scroll to zoom.
        </Typography>
      </Box>
    </Box>
  );
}
