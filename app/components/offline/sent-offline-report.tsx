import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Snackbar from "@mui/material/Snackbar";
import type { SendReport } from "#app/offline/queue-sender";
import { verdictOf } from "#app/quiz/answer-verdict";
import { countOf } from "#app/utils/plural";

/** Says what happened to the submissions kept on this device once they were sent (docs/offline.md). */
export default function SentOfflineReport({ report, onDismiss }: { report: SendReport | null; onDismiss(): void }) {
  const refused = report?.refused ?? [];
  const applied = report?.applied ?? [];
  return (
    // Kept until dismissed: it may list several results to read.
    <Snackbar
      open={report !== null}
      anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
      onClose={(_event, reason) => reason === "escapeKeyDown" && onDismiss()}
    >
      <Alert
        severity={refused.length > 0 ? "warning" : "success"}
        variant="filled"
        onClose={onDismiss}
        // Announced politely; a refusal is no emergency either: the learner reads it when ready.
        role="status"
        sx={{ maxWidth: { sm: "32rem" }, width: "100%" }}
      >
        {applied.length > 0 && (
          <>
            <AlertTitle>{sentSentence(applied)}</AlertTitle>
            <ResultList
              items={applied.map(({ entry, data }) => {
                const verdict = verdictOf(data);
                return verdict === null ? entry.label : `${entry.label}: ${verdict ? "correct" : "not correct"}`;
              })}
            />
          </>
        )}
        {refused.length > 0 && (
          <>
            <AlertTitle>{`${countOf(refused.length, "submission")} made offline could not be applied`}</AlertTitle>
            <ResultList items={refused.map(({ entry, message }) => `${entry.label}: ${message}`)} />
          </>
        )}
      </Alert>
    </Snackbar>
  );
}

function ResultList({ items }: { items: string[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </Box>
  );
}

/** "2 answers and 1 reading mark you made offline were sent". */
function sentSentence(applied: SendReport["applied"]): string {
  const answers = applied.filter(({ entry }) => entry.subject.startsWith("answer:")).length;
  const marks = applied.length - answers;
  const parts = [
    answers > 0 ? countOf(answers, "answer") : null,
    marks > 0 ? countOf(marks, "reading mark") : null,
  ].filter((part) => part !== null);
  return `${parts.join(" and ")} you made offline ${applied.length === 1 ? "was" : "were"} sent`;
}
