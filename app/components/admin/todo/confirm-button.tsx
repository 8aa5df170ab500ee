import Alert from "@mui/material/Alert";
import Button, { type ButtonProps } from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import { useId, useState } from "react";
import { Form, Link, useNavigation } from "react-router";

export interface Confirmation {
  title: string;
  text: string;
  confirmLabel: string;
}

interface ConfirmButtonProps {
  /** The hidden fields the action is posted with (intent and what it is about). */
  fields: Record<string, string>;
  label: string;
  /** The button's accessible name when the label alone is ambiguous (it must start with the label). */
  accessibleName?: string;
  confirmation: Confirmation;
  color?: ButtonProps["color"];
  size?: ButtonProps["size"];
}

/**
 * A destructive action that asks first: a dialog with scripts. Without them the form posts unconfirmed
 * and the action answers with a ConfirmStep instead, which posts again with `confirmed=yes`.
 */
export function ConfirmButton({
  fields,
  label,
  accessibleName,
  confirmation,
  color = "error",
  size = "medium",
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const busy = useNavigation().state !== "idle";
  const titleId = useId();
  const textId = useId();
  return (
    <>
      <Form method="post" preventScrollReset>
        <HiddenFields fields={fields} />
        <Button
          type="submit"
          variant="outlined"
          color={color}
          size={size}
          disabled={busy}
          aria-label={accessibleName}
          aria-haspopup="dialog"
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          {label}
        </Button>
      </Form>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} aria-describedby={textId}>
        <Form method="post" preventScrollReset onSubmit={() => setOpen(false)}>
          <HiddenFields fields={{ ...fields, confirmed: "yes" }} />
          <DialogTitle id={titleId}>{confirmation.title}</DialogTitle>
          <DialogContent>
            <DialogContentText id={textId}>{confirmation.text}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} color="inherit">
              Cancel
            </Button>
            <Button type="submit" variant="contained" color={color} autoFocus>
              {confirmation.confirmLabel}
            </Button>
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

/** The question a ConfirmButton asks in its dialog, as a page section: what the action answers without scripts. */
export function ConfirmStep({
  fields,
  confirmation,
  cancelTo,
}: {
  fields: Record<string, string>;
  confirmation: Confirmation;
  cancelTo: string;
}) {
  return (
    <Alert severity="warning" role="alert" sx={{ mb: 3 }}>
      <strong>{confirmation.title}</strong> {confirmation.text}
      <Form method="post" preventScrollReset>
        <HiddenFields fields={{ ...fields, confirmed: "yes" }} />
        <Stack direction="row" spacing={2} sx={{ mt: 1.5 }}>
          <Button type="submit" variant="contained" color="error">
            {confirmation.confirmLabel}
          </Button>
          <Button component={Link} to={cancelTo} color="inherit">
            Cancel
          </Button>
        </Stack>
      </Form>
    </Alert>
  );
}

function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}
