import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { FormEvent } from "react";
import { ASSISTANT_TASKS, INSTRUCTIONS_MAX, TASK_LABELS, type AskField } from "#app/assistant/assistant-vocabulary";

export interface SkillGroup {
  chapterTitle: string;
  skills: { id: string; title: string }[];
}

interface AskFormProps {
  chapters: { id: string; title: string; published: boolean }[];
  skillGroups: SkillGroup[];
  /** Nothing can be asked (not configured, switched off, or the page not ready yet). */
  disabled: boolean;
  /** An answer is on its way: Ask waits, Stop ends it. */
  busy: boolean;
  errors: Partial<Record<AskField, string>>;
  onAsk(form: HTMLFormElement): void;
  onStop(): void;
}

/** What to draft, for which chapter and skill, and how: the request the assistant answers. */
export function AskForm({ chapters, skillGroups, disabled, busy, errors, onAsk, onStop }: AskFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onAsk(event.currentTarget);
  };
  return (
    <form onSubmit={submit} aria-label="Ask the assistant" noValidate>
      <Stack component="fieldset" disabled={disabled} spacing={3} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <FormControl error={Boolean(errors.task)} disabled={disabled}>
          <FormLabel id="assistant-task-label">What to draft</FormLabel>
          <RadioGroup name="task" defaultValue="section" aria-labelledby="assistant-task-label">
            {ASSISTANT_TASKS.map((task) => (
              <FormControlLabel
                key={task}
                value={task}
                control={<Radio />}
                label={
                  <>
                    {TASK_LABELS[task].label}
                    <Typography component="span" variant="body2" color="text.secondary">
                      {" "}
                      — {TASK_LABELS[task].description}
                    </Typography>
                  </>
                }
              />
            ))}
          </RadioGroup>
          {errors.task && <FormHelperText>{errors.task}</FormHelperText>}
        </FormControl>
        <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
          <TextField
            select
            name="chapterId"
            label="Chapter"
            disabled={disabled}
            defaultValue={chapters[0]?.id ?? ""}
            error={Boolean(errors.chapterId)}
            helperText={errors.chapterId ?? "A saved section goes to the end of this chapter, unpublished."}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ flex: 1 }}
          >
            {chapters.map((chapter) => (
              <option key={chapter.id} value={chapter.id}>
                {chapter.title}
                {chapter.published ? "" : " (draft)"}
              </option>
            ))}
          </TextField>
          <TextField
            select
            name="skill"
            label="Skill"
            disabled={disabled}
            defaultValue=""
            error={Boolean(errors.skill)}
            helperText={errors.skill ?? "Quiz questions need one; for lesson text it is optional."}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ flex: 1 }}
          >
            <option value="">No particular skill</option>
            {skillGroups.map((group) => (
              <optgroup key={group.chapterTitle} label={group.chapterTitle}>
                {group.skills.map((skill) => (
                  <option key={skill.id} value={skill.id}>
                    {skill.title}
                  </option>
                ))}
              </optgroup>
            ))}
          </TextField>
        </Stack>
        <TextField
          name="instructions"
          label="Instructions"
          disabled={disabled}
          multiline
          minRows={4}
          maxRows={16}
          required
          error={Boolean(errors.instructions)}
          helperText={
            errors.instructions ?? "What the draft should cover, for whom, how long, and anything it must use or avoid."
          }
          slotProps={{ htmlInput: { maxLength: INSTRUCTIONS_MAX } }}
        />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" size="large" disabled={disabled || busy}>
            {busy ? "Answering…" : "Ask"}
          </Button>
          <Button type="button" variant="outlined" size="large" disabled={!busy} onClick={onStop}>
            Stop
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
