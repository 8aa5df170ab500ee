import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "../utils/email-rules";

/**
 * Form fields as a plain object for zod: a repeated field becomes an array and
 * a file stays a File, so a schema expecting one string rejects both. One pass,
 * so the time grows with the number of fields, not its square.
 */
export function formValues(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  // No prototype, so a field named "__proto__" is just a field.
  const values: Record<string, unknown> = Object.create(null);
  for (const [key, value] of entries) {
    const previous = values[key];
    if (previous === undefined) values[key] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else values[key] = [previous, value];
  }
  return values;
}

export type FieldErrors = Partial<Record<string, string>>;

/** The first problem of each field, keyed by field name. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The submitted text of each field, to put back in the form after an error. */
export function submittedText(values: Record<string, unknown>, fields: readonly string[]) {
  return Object.fromEntries(
    fields.map((field) => [field, typeof values[field] === "string" ? values[field] : ""]),
  ) as Record<string, string>;
}

/** A required single-line or multi-line text field with messages that name it. */
export function textField(label: string, { min = 1, max }: { min?: number; max: number }) {
  const capitalized = label.charAt(0).toUpperCase() + label.slice(1);
  return z
    .string({ error: `${capitalized} must be a single piece of text.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .min(min, `${capitalized} must be at least ${min} characters.`)
    .max(max, `${capitalized} must be at most ${max} characters.`);
}

export const emailField = z
  .string({ error: "The e-mail address must be a single piece of text." })
  .trim()
  .min(1, "Enter your e-mail address.")
  .max(EMAIL_MAX_LENGTH, `The e-mail address must be at most ${EMAIL_MAX_LENGTH} characters.`)
  .pipe(z.email("Enter a valid e-mail address, like name@example.com."));
