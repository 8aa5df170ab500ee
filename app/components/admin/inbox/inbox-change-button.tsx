import Button from "@mui/material/Button";
import { Form, useNavigation } from "react-router";
import { INBOX_CHANGE_LABELS, type InboxChangeIntent } from "#app/utils/inbox-query";

interface InboxChangeButtonProps {
  intent: InboxChangeIntent;
  messageId: string;
  /** The message's subject, so each button names what it acts on ("Archive: Hello"). */
  subject: string;
  /** Where the form posts: the page's own address, search included, so the view is kept. */
  action: string;
  /** Fills its column, so a column of buttons lines up. */
  fullWidth?: boolean;
}

/** One change to a message (read, unread, archive, back to the inbox) as a small POST form. */
export function InboxChangeButton({ intent, messageId, subject, action, fullWidth }: InboxChangeButtonProps) {
  const busy = useNavigation().state !== "idle";
  const label = INBOX_CHANGE_LABELS[intent];
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="messageId" value={messageId} />
      <Button
        type="submit"
        size="small"
        variant="outlined"
        color="inherit"
        disabled={busy}
        fullWidth={fullWidth}
        aria-label={`${label}: ${subject}`}
        sx={{ whiteSpace: "nowrap" }}
      >
        {label}
      </Button>
    </Form>
  );
}
