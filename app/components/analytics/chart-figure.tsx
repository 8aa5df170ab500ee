import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import type { ChartSpec } from "./chart-spec";
import { ChartSlot } from "./chart-slot";

export interface ChartFigureProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** The heading's level: h3 under a page section, h2 on its own. */
  level?: "h2" | "h3";
  description?: ReactNode;
  /** Beside the heading, such as a download link. */
  action?: ReactNode;
  /** Null: nothing to draw (no figures yet); the table says so. */
  spec: ChartSpec | null;
  height?: number;
  live?: boolean;
  /** The figures as text: the chart's alternative for every reader. */
  children: ReactNode;
}

/** A chart under its heading, with the table of its figures; the chart appears after hydration. */
export function ChartFigure({
  id,
  title,
  level = "h3",
  description,
  action,
  spec,
  height,
  live,
  children,
}: ChartFigureProps) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Stack
        direction="row"
        sx={{ alignItems: "baseline", justifyContent: "space-between", flexWrap: "wrap", columnGap: 2, rowGap: 0.5 }}
      >
        <Typography id={id} variant={level === "h2" ? "h5" : "h6"} component={level}>
          {title}
        </Typography>
        {action}
      </Stack>
      {description && (
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
      )}
      {spec && <ChartSlot spec={spec} height={height} live={live} />}
      <Box sx={{ mt: spec ? 0 : 1 }}>{children}</Box>
    </Box>
  );
}
