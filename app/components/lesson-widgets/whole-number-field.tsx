import TextField from "@mui/material/TextField";
import { readFields, type NumberAttributes } from "./read-whole";

interface WholeNumberFieldProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** What `value` reads as: a number, or what is wrong with it, shown in place of the hint. */
  reading: number | bigint | string;
  /** The range to type in, shown under the field while the value reads. */
  hint: string;
  width: number | { xs: number; sm: number };
}

/** A small field for one whole number of a widget's input, with the range under it or what is wrong. */
export function WholeNumberField({ label, value, onChange, reading, hint, width }: WholeNumberFieldProps) {
  const problem = typeof reading === "string" ? reading : null;
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={problem !== null}
      helperText={problem ?? hint}
      slotProps={{ htmlInput: { inputMode: "numeric" } }}
      size="small"
      sx={{ width }}
    />
  );
}

interface AttributeFieldsProps<K extends string> {
  /** The attributes the reader may change, each with its label and range ("2 to 16"). */
  fields: readonly { key: K; label: string; help: string }[];
  attributes: NumberAttributes<K>;
  texts: Record<K, string>;
  onChange: (key: K, text: string) => void;
  width: WholeNumberFieldProps["width"];
}

/** A field for each number attribute the reader may change, read by the attribute's own rule. */
export function AttributeFields<K extends string>({
  fields,
  attributes,
  texts,
  onChange,
  width,
}: AttributeFieldsProps<K>) {
  const readings = readFields(fields, attributes, texts);
  return fields.map(({ key, label, help }) => (
    <WholeNumberField
      key={key}
      label={label}
      value={texts[key]}
      onChange={(text) => onChange(key, text)}
      reading={readings[key]}
      hint={help}
      width={width}
    />
  ));
}
