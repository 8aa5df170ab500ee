import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import CloudUploadOutlinedIcon from "@mui/icons-material/CloudUploadOutlined";
import { useId, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { AnswerField } from "./answer-field";
import type { ItemView } from "#app/quiz/quiz-view";
import { useOfflineSubmission, type SubmitResult } from "#app/offline/offline-queue-provider";
import type { QueuedSubmission } from "#app/offline/offline-queue";
import { useUnsavedInput } from "#app/offline/unsaved-input";

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
  /**
   * Answers given offline are kept on this device and checked once the connection returns
   * (docs/offline.md); the quiz's title names them there ("Answer to question 3 of 5 (Practice)").
   */
  offline?: { quizTitle: string };
}

const html = (markup: string) => ({ __html: markup });

/**
 * One question of an attempt: its prompt, a field per part, the hint ladder,
 * and once answered, each part's verdict, the worked solution and a way to
 * report the question. Every action goes to the server, which grades.
 * Its form posts `itemId`, `hintsUsed`, `skill`, `position`, `part-<n>` and an `intent`.
 * With `offline`, an answer given without a connection waits on this device, shown as such.
 */
export function QuestionCard({
  item: loaded,
  total,
  open,
  reportable = true,
  context = [],
  checkBlockedBy,
  offline,
}: QuestionCardProps) {
  const queue = useOfflineSubmission(`answer:${loaded.id}`);
  // Where nothing is stored (the sample quiz), the action answers with the question's new state.
  const fetcher = useFetcher<{
    error?: string;
    /** Per field (`part-<n>`): why that part cannot be checked as it is. */
    fieldErrors?: Record<string, string>;
    reported?: boolean;
    item?: ItemView;
  }>({ key: offline ? queue.fetcherKey : undefined });
  const item = fetcher.data?.item ?? loaded;
  const headingId = useId();
  const statusId = useId();
  const [reporting, setReporting] = useState(false);
  const [typed, setTyped] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const answered = item.result !== null;
  const hintsLeft = item.hintCount - item.hintsHtml.length;

  // An answer that waits on this device for the connection; kept while it is sent, and given back to
  // the fields if the server refuses it. A first try sent at once is not shown as waiting.
  const pending = offline && !answered ? queue.pending : null;
  const [kept, setKept] = useState<{ key: string; answers: string[]; restored: boolean } | null>(null);
  if (pending && queue.waiting && kept?.key !== pending.key) {
    // Fields the learner has not touched show an answer saved before this page loaded.
    setKept({ key: pending.key, answers: answersOf(pending, item.parts.length), restored: !typed });
  }
  const waited = pending !== null && kept?.key === pending.key;
  const waiting = waited && queue.waiting;
  useUnsavedInput(open && typed && !answered && !waiting);

  const checkOffline = queue.onSubmit;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setNote(null);
    const intent = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
    if (offline && checkOffline && intent === "answer") {
      void checkOffline(event, () => `Answer to question ${item.position + 1} of ${total} (${offline.quizTitle})`).then(
        (result: SubmitResult) => {
          if (result === "not-kept") setNote(NOT_KEPT);
        },
      );
    } else if (!navigator.onLine) {
      // Only answers can wait for the connection; anything else would end on an error page.
      event.preventDefault();
      setNote(
        `${NEEDS_CONNECTION[intent === "hint" || intent === "report" ? intent : "answer"]} once you are back online.`,
      );
    }
  };

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2">
        Question {item.position + 1} of {total}
        <Typography component="span" variant="body2" sx={{ color: "text.secondary", ml: 1 }}>
          {item.skillTitle}
        </Typography>
      </Typography>
      <Box className="quiz-text" sx={{ mt: 1 }} dangerouslySetInnerHTML={html(item.promptHtml)} />

      <fetcher.Form
        method="post"
        onSubmit={onSubmit}
        onInput={() => setTyped(true)}
        onChange={() => setTyped(true)}
        aria-describedby={waited ? statusId : undefined}
      >
        <input type="hidden" name="itemId" value={item.id} />
        <input type="hidden" name="hintsUsed" value={item.hintsHtml.length} />
        <input type="hidden" name="skill" value={item.skillId} />
        <input type="hidden" name="position" value={item.position} />
        {context.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Stack spacing={2.5} sx={{ mt: 2 }} key={kept?.restored ? kept.key : "typed"}>
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
                  disabled={answered || !open || waiting}
                  given={item.result?.answers[index] ?? kept?.answers[index]}
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
          {note && (
            <Alert severity="warning" role="alert">
              {note}
            </Alert>
          )}
          {offline && (
            <Box id={statusId} role="status">
              {waited && (
                <Alert severity="info" icon={<CloudUploadOutlinedIcon fontSize="inherit" />}>
                  {waiting
                    ? "Your answer is saved on this device. It will be checked when you are back online."
                    : "Checking your answer…"}
                </Alert>
              )}
            </Box>
          )}

          {!answered && open && !waiting && (
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
            <fetcher.Form method="post" onSubmit={onSubmit}>
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

const NEEDS_CONNECTION = {
  answer: "Checking an answer needs a connection here: try again",
  hint: "A hint needs a connection: ask again",
  report: "Sending a report needs a connection: send it again",
};

const NOT_KEPT =
  "No connection, and this browser cannot keep your answer for later. Your answer is still here: check it again once you are back online.";

/** The answer to each part, as the form sent it (the options of a multiple choice joined by commas). */
function answersOf(entry: QueuedSubmission, parts: number): string[] {
  return Array.from({ length: parts }, (_, index) =>
    entry.fields
      .filter(([name]) => name === `part-${index}`)
      .map(([, value]) => value)
      .join(","),
  );
}
