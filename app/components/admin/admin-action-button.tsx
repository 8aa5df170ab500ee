import Button, { type ButtonProps } from "@mui/material/Button";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { ConfirmDialog, HiddenFields, type Confirmation } from "./confirm-dialog";

export type { Confirmation };

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
  const posted = { intent, userId, ...fields };
  return (
    <>
      <Form method="post">
        <HiddenFields fields={posted} />
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
        <ConfirmDialog
          open={open}
          onClose={() => setOpen(false)}
          fields={posted}
          confirmation={confirmation}
          color={color === "inherit" ? "primary" : color}
        />
      )}
    </>
  );
}
