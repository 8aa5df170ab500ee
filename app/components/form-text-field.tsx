import TextField, { type TextFieldProps } from "@mui/material/TextField";
import type { ReactNode } from "react";

type FormTextFieldProps = Omit<TextFieldProps, "name" | "error" | "helperText"> & {
  /** The name it posts under, which is also where the server puts its problem with the value. */
  name: string;
  /** The problems of the last submission, by field name. */
  errors: Partial<Record<string, string>>;
  /** Shown under the field while it has no problem. */
  help?: ReactNode;
};

/** A text field that shows the server's problem with its value in place of its help. */
export function FormTextField({ name, errors, help, ...props }: FormTextFieldProps) {
  const error = errors[name];
  return <TextField name={name} error={Boolean(error)} helperText={error ?? help} {...props} />;
}
