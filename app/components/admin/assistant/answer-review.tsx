import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import type { AnswerReview, ClaimView } from "#app/assistant/answer-review.server";
import type { AssistantRequestState } from "#app/assistant/assistant-vocabulary";
import { LessonBody } from "#app/components/lesson/lesson-body";
import { LessonProblems } from "#app/components/lesson/lesson-problems";
import { QuestionPreview } from "#app/components/quiz/question-preview";
import { DataTable } from "#app/components/data-table";
import { countOf } from "#app/utils/plural";

export interface OpenedAnswer {
  id: string;
  taskLabel: string;
  chapterTitle: string | null;
  skillTitle: string | null;
  adminEmail: string | null;
  model: string;
  instructions: string;
  response: string;
  state: AssistantRequestState;
  error: string | null;
  promptTokens: number | null;
  completionTokens: number | null;
  /** "2031-06-30 09:15 UTC" */
  askedAt: string;
  review: AnswerReview;
}

const VERDICTS = {
  wrong: { label: "Wrong", color: "error" },
  right: { label: "Right", color: "success" },
  unchecked: { label: "Not checked", color: "default" },
} as const;

/** The numbers core/ checked, the wrong ones first. */
function NumberChecks({ claims }: { claims: readonly ClaimView[] }) {
  const wrong = claims.filter((claim) => claim.verdict === "wrong").length;
  const unchecked = claims.filter((claim) => claim.verdict === "unchecked").length;
  const ordered = [...claims].sort(
    (a, b) => Number(b.verdict === "wrong") - Number(a.verdict === "wrong") || a.line - b.line,
  );
  // Not a section of its own: the table's region is named by this heading already.
  return (
    <Box>
      <Typography id="number-checks-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
        Number checks
      </Typography>
      {claims.length === 0 ? (
        <Typography color="text.secondary">
          No factorization, congruence, remainder, order, period or primality claim was found to check.
        </Typography>
      ) : (
        <>
          <Alert severity={wrong > 0 ? "error" : "success"} variant="outlined" sx={{ mb: 2, py: 0 }}>
            {wrong > 0
              ? `${countOf(wrong, "wrong number")} among ${countOf(claims.length, "claim")} checked: fix ${wrong === 1 ? "it" : "them"} before saving, or in the content editor.`
              : `All ${countOf(claims.length - unchecked, "claim")} checked are right${unchecked > 0 ? ` (${unchecked} too large to check)` : ""}.`}
          </Alert>
          <DataTable
            labelledBy="number-checks-heading"
            rows={ordered}
            rowKey={(claim) => `${claim.line}:${claim.text}`}
            columns={[
              { label: "Line", cell: (claim) => claim.line },
              { label: "Kind", cell: (claim) => claim.label },
              {
                label: "Claim",
                cellSx: { overflowWrap: "anywhere" },
                cell: (claim) => <code>{claim.text}</code>,
              },
              {
                label: "Verdict",
                cell: (claim) => (
                  <Chip size="small" label={VERDICTS[claim.verdict].label} color={VERDICTS[claim.verdict].color} />
                ),
              },
              { label: "Why", cellSx: { overflowWrap: "anywhere" }, cell: (claim) => claim.message },
            ]}
          />
        </>
      )}
    </Box>
  );
}

/** What went wrong or may be missing, from how the request ended. */
function OutcomeNotice({ answer }: { answer: OpenedAnswer }) {
  if (answer.state === "failed") {
    return (
      <Alert severity="error" role="alert">
        <AlertTitle>The answer failed</AlertTitle>
        {answer.error}
        {answer.response.trim() !== "" && " What arrived before is shown below; it cannot be saved."}
      </Alert>
    );
  }
  if (answer.state === "interrupted") {
    return (
      <Alert severity="warning">
        <AlertTitle>Interrupted</AlertTitle>
        The server stopped while this answer was streaming. What had arrived is shown below; it cannot be saved.
      </Alert>
    );
  }
  if (answer.state === "streaming") {
    return (
      <Alert severity="info">
        Still streaming (or stopping). This view updates every few seconds until the answer ends.
      </Alert>
    );
  }
  return answer.error ? <Alert severity="warning">{answer.error}</Alert> : null;
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** An answer opened from the history: what was asked, how it ended, its checks and its rendering. */
export function AnswerReviewPanel({ answer, save }: { answer: OpenedAnswer; save: ReactNode }) {
  const { review } = answer;
  const tokens =
    answer.promptTokens === null
      ? "token counts not reported"
      : `${answer.promptTokens.toLocaleString("en-GB")} prompt and ${(answer.completionTokens ?? 0).toLocaleString("en-GB")} completion tokens`;
  return (
    <Stack spacing={4}>
      <Box>
        <Typography>
          <strong>{answer.taskLabel}</strong> for{" "}
          {answer.chapterTitle ? `“${answer.chapterTitle}”` : "a deleted chapter"}
          {answer.skillTitle ? `, skill “${answer.skillTitle}”` : ""}.
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Asked by {answer.adminEmail ?? "a deleted account"} on {answer.askedAt} · {answer.model} · {tokens}
        </Typography>
        <Paper variant="outlined" component="blockquote" sx={{ m: 0, mt: 1.5, p: 1.5, whiteSpace: "pre-wrap" }}>
          {answer.instructions}
        </Paper>
      </Box>
      <OutcomeNotice answer={answer} />
      {answer.response.trim() !== "" && (
        <>
          <NumberChecks claims={review.claims} />
          <Part id="answer-problems-heading" title="Problems in the text">
            <LessonProblems problems={review.problems} />
          </Part>
          {review.kind === "section" ? (
            <Part id="answer-preview-heading" title="Preview">
              <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, overflow: "hidden" }}>
                <LessonBody blocks={review.blocks} />
              </Paper>
            </Part>
          ) : (
            <Part id="answer-questions-heading" title={`Questions (${review.questions.length})`}>
              <Stack spacing={3}>
                {review.leftOver && (
                  <Alert severity="warning" variant="outlined">
                    Some text stands outside any “## Question” block: saving leaves it out.
                  </Alert>
                )}
                {review.questions.length === 0 && (
                  <Alert severity="error" variant="outlined">
                    No question in the question format was found (each starts with a “## Question” line).
                  </Alert>
                )}
                {review.questions.map((question, index) => (
                  <Box key={question.line} component="section" aria-label={`Question ${index + 1}`}>
                    <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 1 }}>
                      Question {index + 1}{" "}
                      <Typography component="span" color="text.secondary">
                        (line {question.line})
                      </Typography>
                    </Typography>
                    {question.problems.length > 0 && (
                      <Alert severity={question.preview ? "warning" : "error"} variant="outlined" sx={{ mb: 2 }}>
                        <Box component="ul" sx={{ m: 0, pl: 2 }} aria-label={`Problems of question ${index + 1}`}>
                          {question.problems.map((problem) => (
                            <li key={problem}>{problem}</li>
                          ))}
                        </Box>
                      </Alert>
                    )}
                    {question.preview && <QuestionPreview preview={question.preview} />}
                  </Box>
                ))}
              </Stack>
            </Part>
          )}
          <Box component="details">
            <Box component="summary" sx={{ cursor: "pointer", fontWeight: 700 }}>
              Markdown source
            </Box>
            <Box
              component="pre"
              // It scrolls sideways, so it takes the focus for the keyboard's arrow keys.
              tabIndex={0}
              aria-label="Markdown source with line numbers"
              sx={{ mt: 1, p: 2, borderRadius: 1, bgcolor: "action.hover", overflowX: "auto", fontSize: "0.85rem" }}
            >
              {answer.response
                .split("\n")
                .map((line, index) => `${String(index + 1).padStart(3, " ")}  ${line}`)
                .join("\n")}
            </Box>
          </Box>
        </>
      )}
      {save}
    </Stack>
  );
}
