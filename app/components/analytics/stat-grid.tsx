import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";

export interface Stat {
  label: string;
  value: string;
  /** A line under the value: what it counts, or over which period. */
  detail?: string;
}

/**
 * Headline figures as cards, in a description list (each card a term and its value), rendered on the
 * server so the page says the essentials before any script runs.
 */
export function StatGrid({ stats, label }: { stats: readonly Stat[]; label?: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(4, minmax(0, 1fr))" },
        gap: 1.5,
        m: 0,
      }}
    >
      {stats.map((stat) => (
        <Paper key={stat.label} variant="outlined" sx={{ px: 2, py: 1.5, display: "flex", flexDirection: "column" }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ order: 0 }}>
            {stat.label}
          </Typography>
          <Typography
            component="dd"
            variant="h5"
            sx={{ m: 0, fontWeight: 600, fontVariantNumeric: "tabular-nums", overflowWrap: "anywhere" }}
          >
            {stat.value}
          </Typography>
          {stat.detail && (
            <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
              {stat.detail}
            </Typography>
          )}
        </Paper>
      ))}
    </Box>
  );
}
