/**
 * The editor of /admin/content/primes: each kind of record as form fields, and
 * a posted form back as the record, with a message per field. Digits of a
 * Mersenne prime are computed from its exponent, never typed.
 */
import { isProbablePrime } from "#core/numtheory/primality";
import {
  mersenneDigits,
  recordSchemas,
  type PrimeRecordKind,
  type RecordContent,
} from "#core/primes/prime-records";

export interface RecordField {
  name: string;
  label: string;
  /** A choice from fixed values, or free text (numbers are typed as text and read here). */
  options?: readonly { value: string; label: string }[];
  help?: string;
  multiline?: boolean;
}

const year: RecordField = { name: "year", label: "Year", help: "Leave empty when the sources disagree or do not say." };
const discoverer: RecordField = { name: "discoverer", label: "Discoverer" };
const source: RecordField = {
  name: "source",
  label: "Source",
  help: "Where the facts come from: the pages' addresses and titles.",
  multiline: true,
};
const number: RecordField = {
  name: "number",
  label: "The prime",
  help: "Written with the minus sign −, e.g. 2^127 − 1.",
};
const digits: RecordField = { name: "digits", label: "Digits" };

export const RECORD_FIELDS: Record<PrimeRecordKind, readonly RecordField[]> = {
  mersenne: [
    { name: "exponent", label: "Exponent p", help: "Its digits are computed from p." },
    year,
    discoverer,
    {
      name: "project",
      label: "Project",
      options: [
        { value: "", label: "None" },
        { value: "GIMPS", label: "GIMPS" },
      ],
    },
    { name: "program", label: "Program", help: "Only when a source names it." },
    { name: "test", label: "How it was proved", help: "e.g. Lucas–Lehmer (Cray-1), Fermat PRP, then Lucas–Lehmer" },
    source,
  ],
  largest: [
    { ...year, help: undefined },
    number,
    digits,
    discoverer,
    {
      name: "form",
      label: "Form",
      options: [
        { value: "Mersenne", label: "Mersenne" },
        { value: "other", label: "Other" },
      ],
    },
    source,
  ],
  form: [
    {
      name: "form",
      label: "Form",
      options: [
        { value: "twin", label: "Twin primes" },
        { value: "sophie-germain", label: "Sophie Germain" },
        { value: "factorial", label: "Factorial" },
        { value: "primorial", label: "Primorial" },
        { value: "generalized-fermat", label: "Generalized Fermat" },
      ],
    },
    number,
    digits,
    year,
    discoverer,
    { name: "asOf", label: "Record as of", help: "When the source stated it: YYYY-MM-DD or YYYY-MM." },
    source,
  ],
};

export const KIND_TITLES: Record<PrimeRecordKind, string> = {
  mersenne: "Mersenne prime",
  largest: "Largest known prime (history)",
  form: "Record of another form",
};

/** The headings of the admin list, one per kind ("Mersenne primes (52)"). */
export const KIND_LIST_TITLES: Record<PrimeRecordKind, string> = {
  mersenne: "Mersenne primes",
  largest: "Largest known primes (history)",
  form: "Records of other forms",
};

/** A record's fields as the form shows them. */
export function recordToForm(content: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(content).map(([key, value]) => [key, value === null ? "" : String(value)]));
}

const text = (value: unknown) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : "");
/** A whole number typed with or without separators; NaN when it is not one, for the schema to refuse. */
const whole = (value: unknown) => {
  const typed = text(value).replace(/[\s,_]/g, "");
  return /^-?\d+$/.test(typed) ? Number(typed) : Number.NaN;
};
const optional = <T>(value: unknown, read: (value: unknown) => T): T | null =>
  text(value) === "" ? null : read(value);

export type RecordFormResult<K extends PrimeRecordKind> =
  { ok: true; content: RecordContent[K] } | { ok: false; errors: Partial<Record<string, string>> };

export function recordFromForm<K extends PrimeRecordKind>(
  kind: K,
  values: Record<string, unknown>,
): RecordFormResult<K> {
  let candidate: Record<string, unknown>;
  if (kind === "mersenne") {
    const exponent = whole(values.exponent);
    if (!Number.isSafeInteger(exponent) || exponent < 2) {
      return { ok: false, errors: { exponent: "Type the exponent p, a whole number of at least 2." } };
    }
    if (!isProbablePrime(BigInt(exponent))) {
      return { ok: false, errors: { exponent: `2^${exponent} − 1 cannot be prime: ${exponent} is not prime.` } };
    }
    candidate = {
      exponent,
      digits: mersenneDigits(exponent),
      year: optional(values.year, whole),
      discoverer: text(values.discoverer),
      project: text(values.project) === "" ? null : text(values.project),
      program: optional(values.program, text),
      test: text(values.test),
      source: text(values.source),
    };
  } else if (kind === "largest") {
    candidate = {
      year: whole(values.year),
      number: text(values.number),
      digits: whole(values.digits),
      discoverer: text(values.discoverer),
      form: text(values.form),
      source: text(values.source),
    };
  } else {
    candidate = {
      form: text(values.form),
      number: text(values.number),
      digits: whole(values.digits),
      year: optional(values.year, whole),
      discoverer: text(values.discoverer),
      source: text(values.source),
      asOf: text(values.asOf),
    };
  }
  const parsed = recordSchemas[kind].safeParse(candidate);
  if (parsed.success) return { ok: true, content: parsed.data as RecordContent[K] };
  const errors: Partial<Record<string, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.code === "invalid_type" || issue.code === "too_small" ? fieldMessage(field) : issue.message;
  }
  return { ok: false, errors };
}

function fieldMessage(field: string): string {
  const label = Object.values(RECORD_FIELDS)
    .flat()
    .find((entry) => entry.name === field)?.label;
  return `Fill in “${label ?? field}” with a valid value.`;
}
