import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useRef, type ComponentType } from "react";
import { MarkdownEditor } from "./markdown-editor";
import { SCRATCHPAD_SAMPLE } from "./scratchpad-sample";
import { useLocalDraft } from "./use-local-draft";

export const SCRATCHPAD_MAX_LENGTH = 200_000;

interface ScratchpadProps {
  storageKey: string;
  /** Tools above the text; they get a function that inserts text at the cursor. */
  Tools?: ComponentType<{ insert: (before: string, after?: string) => void }>;
}

/** A Markdown and formula scratchpad on the lesson renderer, kept in this browser. */
export function Scratchpad({ storageKey, Tools }: ScratchpadProps) {
  const [text, setText] = useLocalDraft(storageKey, SCRATCHPAD_SAMPLE);
  const textarea = useRef<HTMLTextAreaElement>(null);

  /** Puts `before` and `after` around the selection (or at the cursor) and selects what was inside. */
  const insert = (before: string, after = "") => {
    const field = textarea.current;
    const start = field?.selectionStart ?? text.length;
    const end = field?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + before + text.slice(start, end) + after + text.slice(end);
    setText(next.slice(0, SCRATCHPAD_MAX_LENGTH));
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + before.length, end + before.length);
    });
  };

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <Button variant="outlined" color="inherit" onClick={() => setText(SCRATCHPAD_SAMPLE)}>
          Start from the sample
        </Button>
        <Button variant="outlined" color="inherit" onClick={() => setText("")}>
          Clear
        </Button>
      </Stack>
      <MarkdownEditor
        value={text}
        onChange={setText}
        label="Your text (Markdown with formulas)"
        inputRef={textarea}
        maxLength={SCRATCHPAD_MAX_LENGTH}
        toolbar={Tools && <Tools insert={insert} />}
      />
    </>
  );
}
