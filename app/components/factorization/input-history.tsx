import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";

interface InputHistoryProps {
  entries: readonly string[];
  onRun: (input: string) => void;
  onClear: () => void;
  labelledBy: string;
}

/** The recent inputs of this browser, each a button that factors it again. */
export function InputHistory({ entries, onRun, onClear, labelledBy }: InputHistoryProps) {
  if (entries.length === 0) {
    return <Typography color="text.secondary">Numbers you factor are kept here, in this browser only.</Typography>;
  }
  return (
    <>
      <Stack component="ol" spacing={0.5} aria-labelledby={labelledBy} sx={{ pl: 3, my: 1 }}>
        {entries.map((entry) => (
          <li key={entry}>
            <Link
              component="button"
              type="button"
              onClick={() => onRun(entry)}
              sx={{ fontFamily: "monospace", textAlign: "left", overflowWrap: "anywhere" }}
            >
              {entry}
            </Link>
          </li>
        ))}
      </Stack>
      <Button color="inherit" variant="outlined" size="small" onClick={onClear}>
        Clear history
      </Button>
    </>
  );
}
