import Box from "@mui/material/Box";
import type { Theme } from "@mui/material/styles";
import type { DiffLine } from "#app/utils/line-diff";

const marks = { same: " ", added: "+", removed: "−" } as const;
const spoken = { same: "unchanged", added: "added", removed: "removed" } as const;

const diffStyles = ({ vars, palette }: Theme) => {
  const colors = vars?.palette ?? palette;
  return {
    m: 0,
    p: 1,
    maxHeight: "28rem",
    overflow: "auto",
    fontFamily: "monospace",
    fontSize: "0.85rem",
    border: `1px solid ${colors.divider}`,
    borderRadius: 1,
    "& .added": { backgroundColor: colors.success.main, color: colors.success.contrastText },
    "& .removed": { backgroundColor: colors.error.main, color: colors.error.contrastText },
    "& span": { display: "block", whiteSpace: "pre-wrap", overflowWrap: "anywhere" },
  };
};

/** A line diff: removed lines marked −, added lines +, unchanged runs folded to a few lines of context. */
export function LineDiffView({ diff, label }: { diff: readonly DiffLine[]; label: string }) {
  const changed = diff.some((line) => line.kind !== "same");
  if (!changed) return <p>No difference in the text.</p>;
  // Keep three lines of context around each change.
  const near = diff.map((_, index) =>
    diff.slice(Math.max(0, index - 3), index + 4).some((line) => line.kind !== "same"),
  );
  return (
    <Box component="pre" aria-label={label} sx={diffStyles} tabIndex={0}>
      {diff.map((line, index) =>
        near[index] ? (
          <span key={index} className={line.kind}>
            <Box component="span" sx={{ position: "absolute", left: -10000 }}>
              {spoken[line.kind]}:{" "}
            </Box>
            {marks[line.kind]} {line.text}
          </span>
        ) : near[index - 1] ? (
          <span key={index}>…</span>
        ) : null,
      )}
    </Box>
  );
}
