import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useMemo, useState } from "react";
import { atomInputProblem, atomModel, atomTex, describeAtom } from "#core/numtheory/atom-model";
import { Formula } from "#app/components/math/formula";
import { OrbitingAtom } from "./orbiting-atom";
import { parseWholeNumber } from "./whole-number-input";

/** Largest drawing: an atom with many orbits grows up to this width (px) so its labels stay readable. */
const LARGEST_DRAWING = 720;

/** How wide the drawing may get for this atom (px): at least `maxWidth`, more for big atoms. */
export function drawingWidth(size: number, maxWidth: number): number {
  return Math.max(maxWidth, Math.min(size * 0.8, LARGEST_DRAWING));
}

interface AtomExplorerProps {
  initialN: number;
  /** Largest width on screen of a small atom's drawing, in px; larger atoms may take more. */
  maxWidth: number;
  fullControls?: boolean;
}

/**
 * A number field and the atom of that number: its factorization as a formula,
 * the orbiting drawing, and the same facts in a sentence (the drawing's text
 * alternative, announced when n changes).
 */
export function AtomExplorer({ initialN, maxWidth, fullControls = false }: AtomExplorerProps) {
  const [text, setText] = useState(String(initialN));
  const [n, setN] = useState(initialN);
  const problem = atomInputProblem(parseWholeNumber(text));
  const model = useMemo(() => atomModel(n), [n]);
  const descriptionId = useId();

  return (
    <Box>
      <TextField
        label="Number n"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const value = parseWholeNumber(event.target.value);
          if (atomInputProblem(value) === null) setN(value);
        }}
        error={problem !== null}
        helperText={problem ?? "A whole number from 2 to 10¹²."}
        size="small"
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: "numeric", spellCheck: false } }}
        sx={{ mb: 1, width: "16rem", maxWidth: "100%" }}
      />
      <Box sx={{ overflowX: "auto", minHeight: "2.5rem", mb: 1, fontSize: "1.15rem" }}>
        <Formula tex={atomTex(model)} />
      </Box>
      <OrbitingAtom
        model={model}
        maxWidth={drawingWidth(model.size, maxWidth)}
        describedBy={descriptionId}
        fullControls={fullControls}
      />
      <Typography id={descriptionId} aria-live="polite" sx={{ mt: 2 }}>
        {describeAtom(model)}
      </Typography>
    </Box>
  );
}
