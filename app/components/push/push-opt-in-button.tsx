import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { PUSH_TOPIC_LABELS, type PushTopic } from "#app/models/push-vocabulary";
import { browserPush } from "#app/push/client/browser-push.client";
import { turnOnPush } from "#app/push/client/push-device";
import { turnOnFeedback } from "#app/push/client/push-messages";

/**
 * A button that says what the learner will get ("Tell me about new record primes"); only its press
 * asks the browser for permission. It subscribes this device and adds the one topic; the outcome
 * (done, blocked with how to allow it, not supported) shows beside it. Guests (no `device`, the root
 * loader's pushDevice) are led to sign in.
 */
export function PushOptInButton({ topic, label, device }: { topic: PushTopic; label: string; device: string | null }) {
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<ReturnType<typeof turnOnFeedback> | null>(null);

  if (!device) {
    const back = new URLSearchParams({ redirectTo: location.pathname + location.search });
    return (
      <Button component={Link} to={`/login?${back}`} variant="outlined" color="inherit">
        Sign in to get these notifications
      </Button>
    );
  }

  const press = async () => {
    setBusy(true);
    setFeedback(null);
    const outcome = await turnOnPush(browserPush, { device, topics: [topic] });
    setFeedback(
      turnOnFeedback(
        outcome,
        `Done: this device will show a notification for “${PUSH_TOPIC_LABELS[topic]}”. Change topics, hours or devices on your profile.`,
      ),
    );
    setBusy(false);
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: "flex-start" }}>
      <Button variant="outlined" color="inherit" onClick={() => void press()} disabled={busy}>
        {label}
      </Button>
      {feedback && (
        <Alert severity={feedback.severity} role={feedback.severity === "success" ? "status" : "alert"}>
          {feedback.text}
        </Alert>
      )}
    </Stack>
  );
}
