import TextField from "@mui/material/TextField";
import { EMAIL_MAX_LENGTH } from "../utils/email-rules";

interface EmailAddressFieldProps {
  /** "username" where the address identifies an account, "email" where a new address is entered. */
  autoComplete: "username" | "email";
  label?: string;
  name?: string;
  defaultValue?: string;
  /** The server's message for this field; shown instead of the hint. */
  error?: string;
  hint?: string;
}

/** A required e-mail address field with the server's length limit and its error in place. */
export function EmailAddressField({
  autoComplete,
  label = "E-mail address",
  name = "email",
  defaultValue,
  error,
  hint,
}: EmailAddressFieldProps) {
  return (
    <TextField
      label={label}
      name={name}
      type="email"
      autoComplete={autoComplete}
      required
      defaultValue={defaultValue}
      error={Boolean(error)}
      helperText={error ?? hint}
      slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH } }}
    />
  );
}
