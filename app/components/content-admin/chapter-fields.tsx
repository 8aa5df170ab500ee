import { FormTextField } from "../form-text-field";
import { AccessField } from "./access-field";

interface ChapterFieldsProps {
  /** What the fields start with: the chapter's, or the text the author last submitted. */
  values: { title: string; summary: string; access: string };
  errors: Partial<Record<string, string>>;
  summaryHelp?: string;
  accessHelp?: string;
}

/** A chapter's title, summary and access, as the new-chapter form and the details form post them. */
export function ChapterFields({ values, errors, summaryHelp, accessHelp }: ChapterFieldsProps) {
  return (
    <>
      <FormTextField name="title" label="Title" required defaultValue={values.title} errors={errors} />
      <FormTextField
        name="summary"
        label="Summary"
        required
        multiline
        minRows={2}
        defaultValue={values.summary}
        errors={errors}
        help={summaryHelp}
      />
      <AccessField defaultValue={values.access} error={errors.access} help={accessHelp} />
    </>
  );
}
