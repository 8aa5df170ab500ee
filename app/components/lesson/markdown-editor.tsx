import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useDeferredValue, useMemo, type ReactNode, type Ref } from "react";
import { checkWidget } from "../lesson-widgets/catalog";
import { lintLesson } from "#app/markdown/lint-delimiters";
import { renderLesson } from "#app/markdown/render-lesson";
import { LessonBody } from "./lesson-body";
import { LessonProblems } from "./lesson-problems";

interface MarkdownEditorProps {
  value: string;
  onChange(value: string): void;
  /** The textarea's form field name, when the text is posted with a form. */
  name?: string;
  label?: string;
  /** Tools shown above the text, e.g. a formula palette. */
  toolbar?: ReactNode;
  inputRef?: Ref<HTMLTextAreaElement>;
  maxLength?: number;
}

/**
 * Markdown source beside its preview, typeset by the same renderer as the
 * chapter pages, with the linter's and renderer's problems listed by line.
 * The preview follows the text at the pace rendering allows (deferred value),
 * so typing never waits for KaTeX.
 */
export function MarkdownEditor({
  value,
  onChange,
  name,
  label = "Markdown",
  toolbar,
  inputRef,
  maxLength,
}: MarkdownEditorProps) {
  const deferred = useDeferredValue(value);
  const { rendered, problems } = useMemo(() => {
    const result = renderLesson(deferred, { checkWidget, idPrefix: "preview-", showKeys: true });
    // The linter reports delimiter problems; the renderer adds formulas KaTeX refuses and bad widgets.
    const all = [...lintLesson(deferred), ...result.problems].sort((a, b) => a.line - b.line);
    return { rendered: result, problems: all };
  }, [deferred]);

  return (
    <Box
      sx={{
        display: "grid",
        gap: 3,
        gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 1fr) minmax(0, 1fr)" },
        alignItems: "start",
      }}
    >
      <Box>
        {toolbar}
        <TextField
          name={name}
          label={label}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          multiline
          minRows={18}
          maxRows={40}
          fullWidth
          inputRef={inputRef}
          slotProps={{
            htmlInput: { spellCheck: true, maxLength, style: { fontFamily: "monospace", fontSize: "0.9rem" } },
          }}
        />
        <Box sx={{ mt: 2 }} aria-live="polite">
          <LessonProblems problems={problems} />
        </Box>
      </Box>
      <Box
        component="section"
        aria-labelledby="preview-heading"
        sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, minHeight: "20rem", overflow: "hidden" }}
      >
        <Typography id="preview-heading" variant="overline" component="h2" color="text.secondary">
          Preview
        </Typography>
        <LessonBody blocks={rendered.blocks} />
      </Box>
    </Box>
  );
}
