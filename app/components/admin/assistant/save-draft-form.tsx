import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Form, Link as RouterLink } from "react-router";
import type { DraftLink } from "#app/assistant/drafts.server";
import { FormTextField } from "#app/components/form-text-field";

export interface SaveOutcome {
  ok: boolean;
  message: string;
  errors?: Partial<Record<"title" | "slug", string>>;
  reasons?: string[];
  links?: DraftLink[];
}

interface SaveDraftFormProps {
  requestId: string;
  /** Where the form posts: the page with this answer open, so it stays open after the save. */
  action: string;
  kind: "section" | "questions";
  /** Where the draft went, once saved. */
  saved: DraftLink[] | null;
  /** Why it cannot be saved now (the answer failed, the assistant is off…), or null. */
  blockedBy: string | null;
  /** The title and section id the answer suggests. */
  section: { title: string; slug: string } | null;
  questionCount: number;
  outcome: SaveOutcome | null;
  saving: boolean;
}

function DraftLinks({ links }: { links: DraftLink[] }) {
  return (
    <Box component="ul" sx={{ m: 0, mt: 1, pl: 3 }}>
      {links.map((link) => (
        <li key={link.href}>
          <Link color="inherit" component={RouterLink} to={link.href}>
            {link.label}
          </Link>
        </li>
      ))}
    </Box>
  );
}

/** Saving the answer for review in /admin/content: nothing is published from here. */
export function SaveDraftForm({
  requestId,
  action,
  kind,
  saved,
  blockedBy,
  section,
  questionCount,
  outcome,
  saving,
}: SaveDraftFormProps) {
  return (
    <Box component="section" aria-labelledby="save-draft-heading">
      <Typography id="save-draft-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
        Save as a draft
      </Typography>
      {outcome && (
        <Alert severity={outcome.ok ? "success" : "error"} role={outcome.ok ? "status" : "alert"} sx={{ mb: 2 }}>
          {outcome.message}
          {outcome.reasons && (
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 3 }}>
              {outcome.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </Box>
          )}
          {outcome.links && outcome.links.length > 0 && <DraftLinks links={outcome.links} />}
        </Alert>
      )}
      {saved ? (
        !outcome?.ok && (
          <Alert severity="info" variant="outlined">
            Saved for review, unpublished:
            <DraftLinks links={saved} />
          </Alert>
        )
      ) : blockedBy ? (
        <Typography color="text.secondary">{blockedBy}</Typography>
      ) : (
        <Form method="post" action={action} aria-label="Save as a draft">
          <input type="hidden" name="intent" value="save-draft" />
          <input type="hidden" name="requestId" value={requestId} />
          {kind === "section" ? (
            <>
              <Typography sx={{ mb: 2 }}>
                A new unpublished section at the end of the chapter, its first revision by you. Review it in the content
                editor and publish it there.
              </Typography>
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: "flex-start" }}>
                <FormTextField
                  name="title"
                  label="Section title"
                  defaultValue={section?.title ?? ""}
                  required
                  errors={outcome?.errors ?? {}}
                  sx={{ flex: 2 }}
                />
                <FormTextField
                  name="slug"
                  label="Section id"
                  defaultValue={section?.slug ?? ""}
                  required
                  errors={outcome?.errors ?? {}}
                  help="Lowercase words joined by hyphens: the section's anchor."
                  sx={{ flex: 1 }}
                />
              </Stack>
            </>
          ) : (
            <Typography sx={{ mb: 2 }}>
              {questionCount === 1 ? "The question becomes" : `The ${questionCount} questions become`} unpublished quiz
              questions, checked as the question editor checks them. Review and publish them in the content editor.
            </Typography>
          )}
          <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 2 }}>
            {saving ? "Saving…" : kind === "section" ? "Save as a draft section" : "Save as draft questions"}
          </Button>
        </Form>
      )}
    </Box>
  );
}
