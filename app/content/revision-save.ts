import { data } from "react-router";

/** Who saved the revision a save ran into, as the conflict notice names it. */
export interface SavedMeanwhile {
  number: number;
  authorEmail: string | null;
  createdAt: string;
}

/** How saving a new revision of a quiz question or a prime record went, as its editor shows it. */
export type RevisionSaveResult =
  | { intent: "save"; outcome: "saved"; revision: number; unchanged: boolean }
  | { intent: "save"; outcome: "invalid"; errors: Partial<Record<string, string>> }
  | { intent: "save"; outcome: "conflict"; current: SavedMeanwhile };

export function revisionSaved(revision: number, unchanged: boolean): RevisionSaveResult {
  return { intent: "save", outcome: "saved", revision, unchanged };
}

/** Nothing saved: the fields' problems, by field name ("form" for the whole form). */
export function saveRefused(errors: Partial<Record<string, string>>) {
  return data<RevisionSaveResult>({ intent: "save", outcome: "invalid", errors }, { status: 400 });
}

/** Nothing saved: someone saved a newer revision since the editor's text was based on one. */
export function saveConflict({ number, authorEmail, createdAt }: SavedMeanwhile) {
  return data<RevisionSaveResult>(
    { intent: "save", outcome: "conflict", current: { number, authorEmail, createdAt } },
    { status: 409 },
  );
}
