import Button, { type ButtonProps } from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";

export interface Confirmation {
  title: string;
  text: string;
  confirmLabel: string;
}

interface AdminActionButtonProps {
  intent: string;
  userId: string;
  label: string;
  /** The button's accessible name, e.g. "Disable ada@example.org" (it must start with the label). */
  accessibleName: string;
  color?: ButtonProps["color"];
  /** Destructive actions ask first. */
  confirmation?: Confirmation;
  /** More hidden fields, naming what the action is on (one grant of the account, say). */
  fields?: Record<string, string>;
}

/**
 * One row action: a POST form with an intent. A destructive one opens a
 * dialog first; without JavaScript the form posts unconfirmed and the server
 * answers with a confirm step instead.
 */
export function AdminActionButton({
  intent,
  userId,
  label,
  accessibleName,
  // Outlined buttons in the brand orange fall below text contrast on white, so neutral by default.
  color = "inherit",
  confirmation,
  fields = {},
}: AdminActionButtonProps) {
  const [open, setOpen] = useState(false);
  const busy = useNavigation().state !== "idle";
  const titleId = useId();
  const textId = useId();
  return (
    <>
      <Form method="post">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="userId" value={userId} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button
          type="submit"
          size="small"
          variant="outlined"
          color={color}
          fullWidth
          disabled={busy}
          aria-label={accessibleName}
          aria-haspopup={confirmation ? "dialog" : undefined}
          sx={{ whiteSpace: "nowrap" }}
          onClick={
            confirmation
              ? (event) => {
                  event.preventDefault();
                  setOpen(true);
                }
              : undefined
          }
        >
          {label}
        </Button>
      </Form>
      {confirmation && (
        <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} aria-describedby={textId}>
          <Form method="post" onSubmit={() => setOpen(false)}>
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="userId" value={userId} />
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <input type="hidden" name="confirmed" value="yes" />
            <DialogTitle id={titleId}>{confirmation.title}</DialogTitle>
            <DialogContent>
              <DialogContentText id={textId}>{confirmation.text}</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(false)} color="inherit">
                Cancel
              </Button>
              <Button type="submit" variant="contained" color={color === "inherit" ? "primary" : color} autoFocus>
                {confirmation.confirmLabel}
              </Button>
            </DialogActions>
          </Form>
        </Dialog>
      )}
    </>
  );
}
