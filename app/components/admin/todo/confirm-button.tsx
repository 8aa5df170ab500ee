import Alert from "@mui/material/Alert";
import Button, { type ButtonProps } from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmDialog, HiddenFields, type Confirmation } from "../confirm-dialog";

export type { Confirmation };

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
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        fields={fields}
        confirmation={confirmation}
        color={color}
      />
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
