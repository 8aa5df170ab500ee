import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import ListSubheader from "@mui/material/ListSubheader";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { AnswerKind } from "#core/quiz/question";
import {
  AUTHOR_ANSWER_KINDS,
  emptyPart,
  QUESTION_LIMITS,
  type PartDraft,
  type QuestionDraft,
} from "#app/quiz/question-draft";

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

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          select
          name="skillId"
          label="Skill"
          value={draft.skillId}
          onChange={(event) => set({ skillId: event.target.value })}
          required
          error={Boolean(errors.skillId)}
          helperText={errors.skillId ?? "Mastery of this skill counts the answers; its chapter's quiz asks it."}
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
        </TextField>
        <TextField
          select
          name="difficulty"
          label="Difficulty"
          value={draft.difficulty}
          onChange={(event) => set({ difficulty: event.target.value })}
          error={Boolean(errors.difficulty)}
          helperText={errors.difficulty}
          sx={{ flex: 1 }}
        >
          <MenuItem value="1">1 (gentle)</MenuItem>
          <MenuItem value="2">2</MenuItem>
          <MenuItem value="3">3 (hard)</MenuItem>
        </TextField>
      </Stack>

      <TextField
        name="prompt"
        label="Question"
        value={draft.prompt}
        onChange={(event) => set({ prompt: event.target.value })}
        required
        multiline
        minRows={3}
        error={Boolean(errors.prompt)}
        helperText={
          errors.prompt ??
          "Markdown. Every $…$ is a formula, even before a digit (write \\$ for a dollar sign); $$…$$ on its own line is displayed."
        }
        slotProps={{ htmlInput: { maxLength: QUESTION_LIMITS.prompt } }}
      />

      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
          Answers
        </Typography>
        {errors.parts && (
          <Typography color="error" sx={{ mb: 1 }}>
            {errors.parts}
          </Typography>
        )}
        <Stack spacing={2}>
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
                  <TextField
                    name={field("prompt")}
                    label={several ? "What this part asks" : "What this part asks (optional)"}
                    value={part.prompt}
                    onChange={(event) => setPart(index, { prompt: event.target.value })}
                    required={several}
                    error={Boolean(errors[field("prompt")])}
                    helperText={errors[field("prompt")]}
                    slotProps={{ htmlInput: { maxLength: QUESTION_LIMITS.partPrompt } }}
                  />
                  <TextField
                    select
                    name={field("kind")}
                    label="Kind of answer"
                    value={part.kind}
                    onChange={(event) => setPart(index, { kind: event.target.value as AnswerKind })}
                    error={Boolean(errors[field("kind")])}
                    helperText={errors[field("kind")]}
                  >
                    {AUTHOR_ANSWER_KINDS.map((kind) => (
                      <MenuItem key={kind} value={kind}>
                        {KIND_LABELS[kind]}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    name={field("key")}
                    label={part.kind === "choice" ? "Options" : "Answer key"}
                    value={part.key}
                    onChange={(event) => setPart(index, { key: event.target.value })}
                    required
                    multiline={part.kind === "choice"}
                    minRows={part.kind === "choice" ? 4 : undefined}
                    error={Boolean(errors[field("key")])}
                    helperText={errors[field("key")] ?? KEY_HELP[part.kind]}
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
        </Stack>
        {draft.parts.length < QUESTION_LIMITS.parts && (
          <Button sx={{ mt: 1 }} onClick={() => set({ parts: [...draft.parts, emptyPart()] })}>
            Add a part
          </Button>
        )}
      </Box>

      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
          Hints
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          A ladder from a nudge to nearly the answer. Learners open them one at a time, and each one is recorded.
        </Typography>
        {errors.hints && (
          <Typography color="error" sx={{ mb: 1 }}>
            {errors.hints}
          </Typography>
        )}
        <Stack spacing={2}>
          {draft.hints.map((hint, index) => (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
              <TextField
                name={`hints.${index}`}
                label={`Hint ${index + 1}`}
                value={hint}
                onChange={(event) =>
                  set({ hints: draft.hints.map((entry, i) => (i === index ? event.target.value : entry)) })
                }
                multiline
                fullWidth
                error={Boolean(errors[`hints.${index}`])}
                helperText={errors[`hints.${index}`]}
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
        </Stack>
        {draft.hints.length < QUESTION_LIMITS.hints && (
          <Button sx={{ mt: 1 }} onClick={() => set({ hints: [...draft.hints, ""] })}>
            Add a hint
          </Button>
        )}
      </Box>

      <TextField
        name="solution"
        label="Worked solution"
        value={draft.solution}
        onChange={(event) => set({ solution: event.target.value })}
        required
        multiline
        minRows={4}
        error={Boolean(errors.solution)}
        helperText={errors.solution ?? "Shown to learners after they answer."}
        slotProps={{ htmlInput: { maxLength: QUESTION_LIMITS.solution } }}
      />
    </Stack>
  );
}
