import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { AdminSection } from "#app/components/admin/admin-section";
import { PageActions } from "#app/components/admin/page-actions";
import { ConflictNotice } from "#app/components/content-admin/conflict-notice";
import { OverrideNotice, SavedAlert, useRevisionBase } from "#app/components/content-admin/revision-saving";
import { RevisionTable } from "#app/components/content-admin/revision-table";
import { FormTextField } from "#app/components/form-text-field";
import { LineDiffView } from "#app/components/lesson/line-diff-view";
import { MarkdownEditor } from "#app/components/lesson/markdown-editor";
import { Page } from "#app/components/page";
import { SECTION_BODY_MAX } from "#app/models/section-limits";
import { listRevisions, saveSection, sectionContentSchema } from "#app/models/section.server";
import { requireUser } from "#app/auth/access.server";
import { loadSectionForAdmin, revisionSourceLabels } from "#app/content/content-admin.server";
import { getDatabase } from "#app/utils/db.server";
import { fieldErrors } from "#app/http/form.server";
import { diffLines } from "#app/utils/line-diff";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/content-section";
import { useUnsavedForm } from "#app/offline/unsaved-input";

export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.section.title || "Section"} · Content · Numberlab` },
];

export async function loader({ params }: Route.LoaderArgs) {
  const { chapter, section } = await loadSectionForAdmin(params.chapterId, params.sectionId);
  const revisions = await listRevisions(getDatabase().db, section.id);
  return {
    chapter: { id: chapter.id, slug: chapter.slug, title: chapter.title },
    section: {
      id: section.id,
      slug: section.slug,
      title: section.title,
      body: section.body,
      currentRevision: section.currentRevision,
      published: section.published,
    },
    revisions: revisions.map(({ number, source, restoredFrom, authorEmail, createdAt }) => ({
      number,
      source: revisionSourceLabels[source],
      restoredFrom,
      authorEmail,
      createdAt,
    })),
  };
}

const saveSchema = sectionContentSchema.extend({
  baseRevision: z.coerce.number({ error: "The form is missing the revision it was based on." }).int().positive(),
});

export type SectionSaveResult =
  | { outcome: "saved"; revision: number; unchanged: boolean }
  | { outcome: "invalid"; errors: Partial<Record<string, string>> }
  | {
      outcome: "conflict";
      current: { number: number; title: string; authorEmail: string | null; createdAt: string };
      diff: ReturnType<typeof diffLines>;
    };

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const { section } = await loadSectionForAdmin(params.chapterId, params.sectionId);
  const parsed = saveSchema.safeParse(await readForm(request));
  if (!parsed.success) {
    return data<SectionSaveResult>({ outcome: "invalid", errors: fieldErrors(parsed.error) }, { status: 400 });
  }
  const saved = await saveSection(getDatabase().db, { sectionId: section.id, ...parsed.data, authorId: user.id });
  if (saved.ok) {
    return {
      outcome: "saved",
      revision: saved.section.currentRevision,
      unchanged: saved.unchanged,
    } as SectionSaveResult;
  }
  if (saved.reason === "not-found") throw data({ message: "This section no longer exists." }, { status: 404 });
  const { current } = saved;
  return data<SectionSaveResult>(
    {
      outcome: "conflict",
      current: {
        number: current.number,
        title: current.title,
        authorEmail: current.authorEmail,
        createdAt: current.createdAt,
      },
      // What saving would change in the text saved meanwhile.
      diff: diffLines(current.body, parsed.data.body),
    },
    { status: 409 },
  );
}

function SectionEditor({
  section,
  result,
}: {
  section: Route.ComponentProps["loaderData"]["section"];
  result: SectionSaveResult | undefined;
}) {
  const [title, setTitle] = useState(section.title);
  const [body, setBody] = useState(section.body);
  const conflict = result?.outcome === "conflict" ? result : undefined;
  const base = useRevisionBase(section.currentRevision, conflict?.current.number);
  const unsavedForm = useUnsavedForm(section.currentRevision);
  const saving = useNavigation().state === "submitting";
  const errors = result?.outcome === "invalid" ? result.errors : {};

  return (
    <Form method="post" ref={unsavedForm}>
      {conflict && base.unsettled && (
        <ConflictNotice
          what="section"
          current={{ ...conflict.current, savedBy: conflict.current.authorEmail ?? "an import" }}
          difference={
            <LineDiffView
              diff={conflict.diff}
              label={`Difference between revision ${conflict.current.number} and your text`}
            />
          }
          onOverride={() => base.override(conflict.current.number)}
        />
      )}
      {base.overridden !== null && <OverrideNotice revision={base.overridden} sx={{ mb: 3 }} />}
      {result?.outcome === "saved" && (
        <SavedAlert revision={result.revision} unchanged={result.unchanged} sx={{ mb: 3 }} />
      )}
      <input type="hidden" name="baseRevision" value={base.baseRevision} />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 3, alignItems: "flex-start" }}>
        <FormTextField
          name="title"
          label="Section title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
          errors={errors}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" size="large" disabled={saving}>
          {saving ? "Saving…" : "Save revision"}
        </Button>
      </Stack>
      {errors.body && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errors.body}
        </Alert>
      )}
      <MarkdownEditor
        name="body"
        label="Section text (Markdown)"
        value={body}
        onChange={setBody}
        maxLength={SECTION_BODY_MAX}
      />
    </Form>
  );
}

export default function ContentSection({ loaderData, actionData }: Route.ComponentProps) {
  const { chapter, section, revisions } = loaderData;
  const base = `/admin/content/${chapter.id}/sections/${section.id}`;
  return (
    <Page title={section.title || "New section"} lead={`${chapter.title} · #${section.slug}`} maxWidth="xl">
      <PageActions back={{ to: `/admin/content/${chapter.id}`, label: "Back to the chapter" }}>
        <Button component={Link} to={`/chapter/${chapter.slug}#${section.slug}`} variant="outlined">
          View as a reader
        </Button>
      </PageActions>
      {/* A new revision (after a save or a restore) starts the editor afresh from it. */}
      <SectionEditor
        key={section.currentRevision}
        section={section}
        result={actionData as SectionSaveResult | undefined}
      />

      <AdminSection id="revisions-heading" title="Revisions" sx={{ mt: 6 }}>
        <RevisionTable
          revisions={revisions}
          current={section.currentRevision}
          labelledBy="revisions-heading"
          columns={[
            {
              label: "How",
              cell: (revision) => `${revision.source}${revision.restoredFrom ? ` ${revision.restoredFrom}` : ""}`,
            },
            {
              label: "Actions",
              cell: (revision) => (
                <>
                  <Link to={`${base}/revisions/${revision.number}`}>View</Link>
                  {revision.number !== section.currentRevision && (
                    <>
                      {" · "}
                      <Link to={`${base}/revisions/${revision.number}?compare=${section.currentRevision}`}>
                        Compare with current
                      </Link>
                    </>
                  )}
                </>
              ),
            },
          ]}
        />
      </AdminSection>
    </Page>
  );
}
