import Button, { type ButtonProps } from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useId } from "react";
import { Form } from "react-router";

/** What a destructive admin action asks before it runs. */
export interface Confirmation {
  title: string;
  text: string;
  confirmLabel: string;
}

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  /** The hidden fields the action is posted with; `confirmed=yes` is added. */
  fields: Record<string, string>;
  confirmation: Confirmation;
  color: ButtonProps["color"];
}

/**
 * The question an admin's destructive button asks with scripts: confirming posts the action with
 * `confirmed=yes`. Without scripts the button posts unconfirmed and the action answers with a step
 * of its own that asks the same (the server checks `confirmed` either way).
 */
export function ConfirmDialog({ open, onClose, fields, confirmation, color }: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <Form method="post" preventScrollReset onSubmit={onClose}>
        <HiddenFields fields={{ ...fields, confirmed: "yes" }} />
        <DialogTitle id={titleId}>{confirmation.title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{confirmation.text}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={color} autoFocus>
            {confirmation.confirmLabel}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

export function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}
