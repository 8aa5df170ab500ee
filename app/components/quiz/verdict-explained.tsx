import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import type { Verdict } from "#core/quiz/question";

/** A verdict with the steps that reached it, for the validator pages. */
export function VerdictExplained({ verdict }: { verdict: Verdict }) {
  return (
    <Alert severity={verdict.correct ? "success" : "error"}>
      <strong>{verdict.correct ? "Accepted." : "Refused."}</strong> {verdict.feedback}
      <Box component="ol" sx={{ mt: 1, mb: 0, pl: 2.5 }}>
        {verdict.steps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </Box>
    </Alert>
  );
}
