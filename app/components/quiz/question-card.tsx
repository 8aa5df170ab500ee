import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { AnswerField } from "./answer-field";
import type { ItemView } from "#app/quiz/quiz-view";

interface QuestionCardProps {
  item: ItemView;
  total: number;
  /** False once the attempt is over: nothing more can be answered. */
  open: boolean;
  /** Offer "Report this question" (not to guests, who have no address to answer). */
  reportable?: boolean;
  /** Hidden fields posted with every hint and answer, for an action that needs more than the item's id. */
  context?: readonly [string, string][];
  /** The id of a note saying why answers cannot be checked now; "Check answer" is disabled and points to it. */
  checkBlockedBy?: string;
}

const html = (markup: string) => ({ __html: markup });

/**
 * One question of an attempt: its prompt, a field per part, the hint ladder,
 * and once answered, each part's verdict, the worked solution and a way to
 * report the question. Every action goes to the server, which grades.
 * Its form posts `itemId`, `hintsUsed`, `position`, `part-<n>` and an `intent`.
 */
export function QuestionCard({
  item: loaded,
  total,
  open,
  reportable = true,
  context = [],
  checkBlockedBy,
}: QuestionCardProps) {
  // Where nothing is stored (the sample quiz), the action answers with the question's new state.
  const fetcher = useFetcher<{
    error?: string;
    /** Per field (`part-<n>`): why that part cannot be checked as it is. */
    fieldErrors?: Record<string, string>;
    reported?: boolean;
    item?: ItemView;
  }>();
  const item = fetcher.data?.item ?? loaded;
  const headingId = useId();
  const [reporting, setReporting] = useState(false);
  const busy = fetcher.state !== "idle";
  const answered = item.result !== null;
  const hintsLeft = item.hintCount - item.hintsHtml.length;

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2">
        Question {item.position + 1} of {total}
        <Typography component="span" variant="body2" sx={{ color: "text.secondary", ml: 1 }}>
          {item.skillTitle}
        </Typography>
      </Typography>
      <Box className="quiz-text" sx={{ mt: 1 }} dangerouslySetInnerHTML={html(item.promptHtml)} />

      <fetcher.Form method="post">
        <input type="hidden" name="itemId" value={item.id} />
        <input type="hidden" name="hintsUsed" value={item.hintsHtml.length} />
        <input type="hidden" name="position" value={item.position} />
        {context.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Stack spacing={2.5} sx={{ mt: 2 }}>
          {item.parts.map((part, index) => {
            const label = item.parts.length > 1 ? `Answer to part ${String.fromCharCode(97 + index)}` : "Your answer";
            const verdict = item.result?.parts[index];
            return (
              <Box key={index}>
                {part.promptHtml && (
                  <Typography component="div" sx={{ mb: 1 }}>
                    {item.parts.length > 1 && <strong>({String.fromCharCode(97 + index)}) </strong>}
                    <span dangerouslySetInnerHTML={html(part.promptHtml)} />
                  </Typography>
                )}
                <AnswerField
                  part={part}
                  name={`part-${index}`}
                  label={label}
                  disabled={answered || !open}
                  given={item.result?.answers[index]}
                  givenHtml={item.result?.answersHtml[index]}
                  error={answered ? undefined : fetcher.data?.fieldErrors?.[`part-${index}`]}
                />
                {verdict && (
                  // The grader's sentence says right or wrong itself ("Correct.", "Not the right answer: …").
                  <Alert severity={verdict.correct ? "success" : "error"} sx={{ mt: 1 }}>
                    {verdict.feedback}
                  </Alert>
                )}
              </Box>
            );
          })}

          {item.hintsHtml.map((hint, index) => (
            <Alert key={index} severity="info" icon={false}>
              <strong>Hint {index + 1}.</strong> <span dangerouslySetInnerHTML={html(hint)} />
            </Alert>
          ))}

          {fetcher.data?.error && <Alert severity="error">{fetcher.data.error}</Alert>}

          {!answered && open && (
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: "wrap" }}>
              <Button
                type="submit"
                name="intent"
                value="answer"
                variant="contained"
                disabled={busy || checkBlockedBy !== undefined}
                aria-describedby={checkBlockedBy}
              >
                Check answer
              </Button>
              {hintsLeft > 0 && (
                <Button type="submit" name="intent" value="hint" variant="outlined" color="inherit" disabled={busy}>
                  Show a hint ({item.hintsHtml.length + 1} of {item.hintCount})
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </fetcher.Form>

      {item.result && (
        <Box
          component="section"
          aria-label="Worked solution"
          sx={{ mt: 2, borderTop: 1, borderColor: "divider", pt: 2 }}
        >
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Worked solution
          </Typography>
          <Box className="quiz-text" dangerouslySetInnerHTML={html(item.result.solutionHtml)} />
        </Box>
      )}

      {reportable && (
        <Box sx={{ mt: 1 }}>
          {fetcher.data?.reported ? (
            <Alert severity="success" sx={{ mt: 1 }}>
              Thank you: the report has reached the editors.
            </Alert>
          ) : reporting ? (
            <fetcher.Form method="post">
              <input type="hidden" name="itemId" value={item.id} />
              <Stack spacing={1} sx={{ mt: 1 }}>
                <TextField
                  name="message"
                  label="What is wrong with this question?"
                  multiline
                  minRows={2}
                  required
                  fullWidth
                />
                <Box>
                  <Button type="submit" name="intent" value="report" variant="outlined" disabled={busy}>
                    Send report
                  </Button>
                </Box>
              </Stack>
            </fetcher.Form>
          ) : (
            <Button size="small" color="inherit" sx={{ mt: 1 }} onClick={() => setReporting(true)}>
              Report this question
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}
