import Alert from "@mui/material/Alert";
import type { SxProps, Theme } from "@mui/material/styles";
import { useState } from "react";
import type { RevisionSaveResult } from "#app/content/revision-save";
import { ConflictNotice } from "./conflict-notice";

/**
 * The revision an editor's text is based on, posted as `baseRevision`. After a conflict the
 * author may base their text on the revision saved meanwhile (`override`): the conflict is then
 * settled, and the next save replaces that revision.
 */
export function useRevisionBase<Loaded extends number | null>(loaded: Loaded, conflictRevision: number | undefined) {
  // Null while the item is new and has no revision yet.
  const [baseRevision, setBaseRevision] = useState<Loaded | number>(loaded);
  const [overridden, setOverridden] = useState<number | null>(null);
  return {
    baseRevision,
    /** The revision the author chose to replace, once they have. */
    overridden,
    /** A conflict the author has not settled yet. */
    unsettled: conflictRevision !== undefined && conflictRevision !== overridden,
    override(revision: number) {
      setBaseRevision(revision);
      setOverridden(revision);
    },
  };
}

type RevisionBase = ReturnType<typeof useRevisionBase<number | null>>;

interface RevisionSaveNoticesProps {
  /** What is edited, as the conflict notice names it: "question", "record". */
  what: string;
  /** Who saved a revision without an author: an import, or an account since deleted. */
  withoutAuthor: string;
  save: RevisionSaveResult | undefined;
  base: RevisionBase;
  /** Once the author has based their text on a newer revision, say that saving replaces it. */
  confirmOverride?: boolean;
}

/**
 * Above an editor's fields: what became of the last save (a conflict to settle, saved, or
 * refused), and the revision the next save is based on, as a hidden field.
 */
export function RevisionSaveNotices({ what, withoutAuthor, save, base, confirmOverride }: RevisionSaveNoticesProps) {
  const conflict = save?.outcome === "conflict" && base.unsettled ? save.current : undefined;
  return (
    <>
      {conflict && (
        <ConflictNotice
          what={what}
          current={{ ...conflict, savedBy: conflict.authorEmail ?? withoutAuthor }}
          onOverride={() => base.override(conflict.number)}
        />
      )}
      {confirmOverride && base.overridden !== null && <OverrideNotice revision={base.overridden} />}
      {save?.outcome === "saved" && <SavedAlert revision={save.revision} unchanged={save.unchanged} />}
      {save?.outcome === "invalid" && <NotSavedAlert problem={save.errors.form} />}
      {base.baseRevision !== null && <input type="hidden" name="baseRevision" value={base.baseRevision} />}
    </>
  );
}

type Sx = { sx?: SxProps<Theme> };

/** After the author chose to base their text on a newer revision. */
export function OverrideNotice({ revision, sx }: { revision: number } & Sx) {
  return (
    <Alert severity="warning" sx={sx}>
      Your text now replaces revision {revision} when you save.
    </Alert>
  );
}

export function SavedAlert({ revision, unchanged, sx }: { revision: number; unchanged: boolean } & Sx) {
  return (
    <Alert severity="success" role="status" sx={sx}>
      {unchanged ? "Nothing changed, so no revision was added." : `Saved as revision ${revision}.`}
    </Alert>
  );
}

/** A save refused for its fields' problems, which the fields show; `problem` is the whole form's. */
function NotSavedAlert({ problem }: { problem?: string }) {
  return (
    <Alert severity="error" role="alert">
      Not saved: {problem ?? "mend the fields marked below."}
    </Alert>
  );
}
