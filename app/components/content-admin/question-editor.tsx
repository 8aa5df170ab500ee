import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import ListSubheader from "@mui/material/ListSubheader";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ChangeEvent, ReactNode } from "react";
import type { AnswerKind } from "#core/quiz/question";
import {
  AUTHOR_ANSWER_KINDS,
  emptyPart,
  QUESTION_LIMITS,
  type PartDraft,
  type QuestionDraft,
} from "#app/quiz/question-draft";
import { FormTextField } from "../form-text-field";

export interface SkillGroup {
  chapterTitle: string;
  skills: { id: string; title: string }[];
}

interface QuestionEditorProps {
  draft: QuestionDraft;
  onChange(draft: QuestionDraft): void;
  skillGroups: readonly SkillGroup[];
  /** Problems by field name ("parts.0.key"), from the last save. */
  errors: Partial<Record<string, string>>;
}

const KIND_LABELS: Record<AnswerKind, string> = {
  integer: "Integer",
  fraction: "Fraction",
  decimal: "Decimal with a tolerance",
  expression: "Expression",
  congruence: "Congruence",
  choice: "Multiple choice",
};

/** How each kind's key is written (core/quiz/key-from-text.ts). */
const KEY_HELP: Record<AnswerKind, string> = {
  integer: "The integer, such as -12.",
  fraction: "numerator/denominator, such as 3/4: every equal form is accepted.",
  decimal: "The value ± the tolerance, such as 0.125 ± 0.001.",
  expression: "The expression, its variables after “in”, and optionally “factored” or “expanded”: 2x + 2 in x.",
  congruence: "residue mod modulus, such as 3 mod 7: every representative is accepted.",
  choice: "One option per line; start each right one with *. Options are Markdown with formulas.",
};

const partLetter = (index: number) => String.fromCharCode(97 + index);

/**
 * The fields of an author's question. Every field is named as the server reads it
 * (app/quiz/question-draft.ts), so the form posts the draft as it stands.
 */
export function QuestionEditor({ draft, onChange, skillGroups, errors }: QuestionEditorProps) {
  const set = (change: Partial<QuestionDraft>) => onChange({ ...draft, ...change });
  const setPart = (index: number, change: Partial<PartDraft>) =>
    set({ parts: draft.parts.map((part, i) => (i === index ? { ...part, ...change } : part)) });
  const several = draft.parts.length > 1;
  /** A field of the question itself, not of a part or hint: its name, its value and its change. */
  const own = (name: "skillId" | "difficulty" | "prompt" | "solution") => ({
    name,
    value: draft[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set({ [name]: event.target.value }),
  });

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <FormTextField
          select
          {...own("skillId")}
          label="Skill"
          required
          errors={errors}
          help="Mastery of this skill counts the answers; its chapter's quiz asks it."
          sx={{ flex: 2 }}
        >
          {skillGroups.flatMap((group) => [
            <ListSubheader key={group.chapterTitle}>{group.chapterTitle}</ListSubheader>,
            ...group.skills.map((skill) => (
              <MenuItem key={skill.id} value={skill.id}>
                {skill.title}
              </MenuItem>
            )),
          ])}
        </FormTextField>
        <FormTextField select {...own("difficulty")} label="Difficulty" errors={errors} sx={{ flex: 1 }}>
          <MenuItem value="1">1 (gentle)</MenuItem>
          <MenuItem value="2">2</MenuItem>
          <MenuItem value="3">3 (hard)</MenuItem>
        </FormTextField>
      </Stack>

      <FormTextField
        {...own("prompt")}
        label="Question"
        required
        multiline
        minRows={3}
        errors={errors}
        help="Markdown. Every $…$ is a formula, even before a digit (write \$ for a dollar sign); $$…$$ on its own line is displayed."
        slotProps={{ htmlInput: { maxLength: QUESTION_LIMITS.prompt } }}
      />

      <ListFieldset
        legend="Answers"
        problem={errors.parts}
        add={draft.parts.length < QUESTION_LIMITS.parts ? "Add a part" : null}
        onAdd={() => set({ parts: [...draft.parts, emptyPart()] })}
      >
        {draft.parts.map((part, index) => {
          const field = (name: string) => `parts.${index}.${name}`;
          const label = several ? `Part ${partLetter(index)}` : "The answer";
          return (
            <Paper key={index} variant="outlined" component="section" aria-label={label} sx={{ p: 2 }}>
              <Stack spacing={2}>
                <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between" }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {label}
                  </Typography>
                  {several && (
                    <Button
                      color="inherit"
                      size="small"
                      onClick={() => set({ parts: draft.parts.filter((_, i) => i !== index) })}
                    >
                      Remove part {partLetter(index)}
                    </Button>
                  )}
                </Stack>
                <FormTextField
                  name={field("prompt")}
                  label={several ? "What this part asks" : "What this part asks (optional)"}
                  value={part.prompt}
                  onChange={(event) => setPart(index, { prompt: event.target.value })}
                  required={several}
                  errors={errors}
                  slotProps={{ htmlInput: { maxLength: QUESTION_LIMITS.partPrompt } }}
                />
                <FormTextField
                  select
                  name={field("kind")}
                  label="Kind of answer"
                  value={part.kind}
                  onChange={(event) => setPart(index, { kind: event.target.value as AnswerKind })}
                  errors={errors}
                >
                  {AUTHOR_ANSWER_KINDS.map((kind) => (
                    <MenuItem key={kind} value={kind}>
                      {KIND_LABELS[kind]}
                    </MenuItem>
                  ))}
                </FormTextField>
                <FormTextField
                  name={field("key")}
                  label={part.kind === "choice" ? "Options" : "Answer key"}
                  value={part.key}
                  onChange={(event) => setPart(index, { key: event.target.value })}
                  required
                  multiline={part.kind === "choice"}
                  minRows={part.kind === "choice" ? 4 : undefined}
                  errors={errors}
                  help={KEY_HELP[part.kind]}
                  slotProps={{ htmlInput: { maxLength: QUESTION_LIMITS.key, spellCheck: false } }}
                />
                {part.kind === "choice" && (
                  <FormControlLabel
                    control={
                      <Checkbox
                        name={field("multiple")}
                        checked={part.multiple}
                        onChange={(event) => setPart(index, { multiple: event.target.checked })}
                      />
                    }
                    label="Several options may be right: learners tick every right one"
                  />
                )}
              </Stack>
            </Paper>
          );
        })}
      </ListFieldset>

      <ListFieldset
        legend="Hints"
        intro="A ladder from a nudge to nearly the answer. Learners open them one at a time, and each one is recorded."
        problem={errors.hints}
        add={draft.hints.length < QUESTION_LIMITS.hints ? "Add a hint" : null}
        onAdd={() => set({ hints: [...draft.hints, ""] })}
      >
        {draft.hints.map((hint, index) => (
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
            <FormTextField
              name={`hints.${index}`}
              label={`Hint ${index + 1}`}
              value={hint}
              onChange={(event) =>
                set({ hints: draft.hints.map((entry, i) => (i === index ? event.target.value : entry)) })
              }
              multiline
              fullWidth
              errors={errors}
              slotProps={{ htmlInput: { maxLength: QUESTION_LIMITS.hint } }}
            />
            <Button
              color="inherit"
              sx={{ mt: 1, flexShrink: 0 }}
              onClick={() => set({ hints: draft.hints.filter((_, i) => i !== index) })}
            >
              Remove hint {index + 1}
            </Button>
          </Stack>
        ))}
      </ListFieldset>

      <FormTextField
        {...own("solution")}
        label="Worked solution"
        required
        multiline
        minRows={4}
        errors={errors}
        help="Shown to learners after they answer."
        slotProps={{ htmlInput: { maxLength: QUESTION_LIMITS.solution } }}
      />
    </Stack>
  );
}

interface ListFieldsetProps {
  legend: string;
  /** What the list is for, under its legend. */
  intro?: string;
  /** The server's problem with the list as a whole. */
  problem?: string;
  /** The add button's label, or null once the list is at its limit. */
  add: string | null;
  onAdd(): void;
  children: ReactNode;
}

/** A list the author grows and shrinks (the answer's parts, the hints), as a fieldset under its legend. */
function ListFieldset({ legend, intro, problem, add, onAdd, children }: ListFieldsetProps) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      {intro && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {intro}
        </Typography>
      )}
      {problem && (
        <Typography color="error" sx={{ mb: 1 }}>
          {problem}
        </Typography>
      )}
      <Stack spacing={2}>{children}</Stack>
      {add && (
        <Button sx={{ mt: 1 }} onClick={onAdd}>
          {add}
        </Button>
      )}
    </Box>
  );
}
