import { useEffect, useId, useState } from "react";

/**
 * Which parts of the page hold input the learner has not saved or sent (an editor's draft, a typed
 * quiz answer). An update never reloads the page over them without asking (docs/offline.md).
 * Each holder is a check, asked only when a reload is about to happen.
 */
const holders = new Map<string, () => boolean>();

export function hasUnsavedInput(): boolean {
  for (const holdsUnsavedInput of holders.values()) if (holdsUnsavedInput()) return true;
  return false;
}

/** Registers the calling component as holding unsaved input while `unsaved` is true. */
export function useUnsavedInput(unsaved: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!unsaved) return;
    holders.set(id, () => true);
    return () => void holders.delete(id);
  }, [id, unsaved]);
}

/**
 * For an editor's form (pass the result as its `ref`): unsaved while its fields differ from what
 * they held when `savedVersion` (the saved revision the form shows) was loaded. Comparing the
 * fields, rather than listening for edits, also covers selects and an edit typed back to the saved text.
 */
export function useUnsavedForm(savedVersion: unknown): (form: HTMLFormElement | null) => void {
  const id = useId();
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  useEffect(() => {
    if (!form) return;
    const saved = fieldsOf(form);
    holders.set(id, () => fieldsOf(form) !== saved);
    return () => void holders.delete(id);
  }, [id, form, savedVersion]);
  return setForm;
}

function fieldsOf(form: HTMLFormElement): string {
  const fields = [...new FormData(form)].map(([name, value]) => [name, typeof value === "string" ? value : value.name]);
  return new URLSearchParams(fields).toString();
}
