import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { AnswerStreamState } from "#app/assistant/client/answer-stream";

/** The answer as it streams in, as plain text; it is rendered and checked once it has ended. */
export function LiveAnswer({ state }: { state: AnswerStreamState }) {
  if (state.phase === "idle") return null;
  if (state.phase === "refused") {
    return (
      <Alert severity="error" role="alert">
        {state.message}
      </Alert>
    );
  }
  const text = state.phase === "streaming" || state.phase === "broken" ? state.text : "";
  return (
    <Box component="section" aria-labelledby="live-answer-heading">
      <Typography id="live-answer-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
        Answer
      </Typography>
      {/* Only the phase is announced: every piece of text would be too much for a screen reader. */}
      <Typography role="status" color="text.secondary" sx={{ mb: 1 }}>
        {state.phase === "connecting"
          ? "Asking the model…"
          : state.phase === "streaming"
            ? `Streaming the answer from ${state.model}…`
            : "The answer broke off."}
      </Typography>
      {state.phase === "broken" && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {state.message}
        </Alert>
      )}
      {(state.phase === "connecting" || state.phase === "streaming") && (
        <LinearProgress aria-label="Answer in progress" sx={{ mb: 2 }} />
      )}
      {text !== "" && (
        <Paper
          variant="outlined"
          data-testid="live-answer-text"
          sx={{ p: 2, whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontFamily: "monospace", fontSize: "0.9rem" }}
        >
          {text}
        </Paper>
      )}
      {state.phase === "streaming" && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {text.length.toLocaleString("en-GB")} characters so far. The answer is rendered and checked when it ends.
        </Typography>
      )}
    </Box>
  );
}
