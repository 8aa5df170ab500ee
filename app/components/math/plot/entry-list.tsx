import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { memo } from "react";
import { MAX_ENTRIES, MAX_ENTRY_LENGTH, type PlotEntryState } from "./plot-state";

export interface EntryProblem {
  message: string;
  /** 0-based offset into the entry's text, when the problem has a place. */
  position?: number;
}

interface EntryListProps {
  entries: readonly PlotEntryState[];
  colors: readonly string[];
  problems: readonly (EntryProblem | null)[];
  onChange(index: number, text: string): void;
  onToggle(index: number): void;
  onRemove(index: number): void;
  onAdd(): void;
}

/** The entry's text with a caret line under the place of the problem, for the helper text. */
function caretLine(text: string, position: number): string {
  return `${text}\n${" ".repeat(Math.min(position, text.length))}^`;
}

/** The typed expressions of a plot, each with its colour, a visibility switch and its error, if any. */
export const EntryList = memo(function EntryList({
  entries,
  colors,
  problems,
  onChange,
  onToggle,
  onRemove,
  onAdd,
}: EntryListProps) {
  return (
    <Stack spacing={1.5} component="ol" sx={{ listStyle: "none", p: 0, m: 0 }}>
      {entries.map((entry, index) => {
        const problem = problems[index];
        const label = `Expression ${index + 1}`;
        return (
          <Box component="li" key={index} sx={{ display: "flex", alignItems: "flex-start", gap: 0.5 }}>
            <Checkbox
              checked={entry.visible}
              onChange={() => onToggle(index)}
              slotProps={{ input: { "aria-label": `Show ${label.toLowerCase()}` } }}
              sx={{ color: colors[index], "&.Mui-checked": { color: colors[index] }, mt: 0.5 }}
            />
            <TextField
              label={label}
              value={entry.text}
              onChange={(event) => onChange(index, event.target.value)}
              error={problem !== null && problem !== undefined}
              helperText={
                problem ? (
                  <Box component="span" sx={{ display: "block" }}>
                    {problem.message}
                    {problem.position !== undefined && (
                      <Box
                        component="span"
                        aria-hidden
                        sx={{ display: "block", fontFamily: "monospace", whiteSpace: "pre" }}
                      >
                        {caretLine(entry.text, problem.position)}
                      </Box>
                    )}
                  </Box>
                ) : undefined
              }
              size="small"
              fullWidth
              autoComplete="off"
              slotProps={{
                htmlInput: { maxLength: MAX_ENTRY_LENGTH, spellCheck: false, style: { fontFamily: "monospace" } },
              }}
            />
            <IconButton aria-label={`Remove ${label.toLowerCase()}`} onClick={() => onRemove(index)} sx={{ mt: 0.5 }}>
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        );
      })}
      <Box component="li">
        <Button startIcon={<AddIcon />} onClick={onAdd} disabled={entries.length >= MAX_ENTRIES}>
          Add expression
        </Button>
      </Box>
    </Stack>
  );
});
