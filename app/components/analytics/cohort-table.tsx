import Box from "@mui/material/Box";
import type { Theme } from "@mui/material/styles";
import type { CohortRow } from "#app/analytics/reports";
import { scaleColors } from "./chart-palette";
import { FiguresTable } from "./figures-table";
import { formatCount, formatShare } from "./format";

/** One cell of the retention table: the share as text, its colour on the scale as a second cue. */
function RetentionCell({ active, size }: { active: number | null; size: number }) {
  if (active === null || size === 0) {
    return (
      <Box component="span" sx={{ color: "text.secondary" }}>
        –
      </Box>
    );
  }
  const share = size > 0 ? active / size : 0;
  const light = scaleColors("light", share);
  const dark = scaleColors("dark", share);
  return (
    <Box
      component="span"
      title={`${formatCount(active)} of ${formatCount(size)}`}
      sx={(theme: Theme) => ({
        display: "block",
        mx: -1,
        px: 1,
        py: 0.25,
        borderRadius: 0.5,
        backgroundColor: light.background,
        color: light.text,
        ...theme.applyStyles("dark", { backgroundColor: dark.background, color: dark.text }),
      })}
    >
      {formatShare(share)}
    </Box>
  );
}

/**
 * Weekly retention: a row per sign-up week, the share of its accounts active in each week after,
 * shaded on a scale that keeps the text readable (the paid heatmap chart is not needed for this).
 */
export function CohortTable({ cohorts, caption }: { cohorts: readonly CohortRow[]; caption: string }) {
  const weeks = Math.max(0, ...cohorts.map((row) => row.activeByWeek.length));
  return (
    <FiguresTable
      caption={caption}
      hideCaption
      columns={[
        { label: "Week starting" },
        { label: "Accounts", numeric: true },
        ...Array.from({ length: weeks }, (_, week) => ({ label: `Week ${week}`, numeric: true })),
      ]}
      rows={cohorts.map((row) => [
        row.weekStart,
        formatCount(row.size),
        ...Array.from({ length: weeks }, (_, week) => (
          <RetentionCell key={week} active={row.activeByWeek[week] ?? null} size={row.size} />
        )),
      ])}
      rowKey={(index) => cohorts[index]!.weekStart}
      empty="No accounts signed up in these weeks."
    />
  );
}
