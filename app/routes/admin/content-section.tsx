import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { ConflictNotice } from "#app/components/content-admin/conflict-notice";
import { RevisionTable } from "#app/components/content-admin/revision-table";
import { LineDiffView } from "#app/components/lesson/line-diff-view";
import { MarkdownEditor } from "#app/components/lesson/markdown-editor";
import { Page } from "#app/components/page";
import { SECTION_BODY_MAX } from "#app/content/limits";
import { listRevisions, saveSection, sectionContentSchema } from "#app/models/section.server";
import { requireUser } from "#app/auth/access.server";
import { loadSectionForAdmin, revisionSourceLabels } from "#app/content/content-admin.server";
import { getDatabase } from "#app/utils/db.server";
import { fieldErrors } from "#app/http/form.server";
import { diffLines } from "#app/utils/line-diff";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/content-section";

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
  // The revision this text was based on; after a conflict, the author may choose to build on the newer one.
  const [baseRevision, setBaseRevision] = useState(section.currentRevision);
  const [overridden, setOverridden] = useState<number | null>(null);
  const saving = useNavigation().state === "submitting";
  const conflict = result?.outcome === "conflict" && overridden !== result.current.number ? result : undefined;
  const errors = result?.outcome === "invalid" ? result.errors : {};

  return (
    <Form method="post">
      {conflict && (
        <ConflictNotice
          what="section"
          current={{ ...conflict.current, savedBy: conflict.current.authorEmail ?? "an import" }}
          difference={
            <LineDiffView
              diff={conflict.diff}
              label={`Difference between revision ${conflict.current.number} and your text`}
            />
          }
          onOverride={() => {
            setBaseRevision(conflict.current.number);
            setOverridden(conflict.current.number);
          }}
        />
      )}
      {overridden !== null && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          Your text now replaces revision {overridden} when you save.
        </Alert>
      )}
      {result?.outcome === "saved" && (
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {result.unchanged ? "Nothing changed, so no revision was added." : `Saved as revision ${result.revision}.`}
        </Alert>
      )}
      <input type="hidden" name="baseRevision" value={baseRevision} />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 3, alignItems: "flex-start" }}>
        <TextField
          name="title"
          label="Section title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
          error={Boolean(errors.title)}
          helperText={errors.title}
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
      <Stack direction="row" spacing={2} sx={{ mb: 3, flexWrap: "wrap" }} useFlexGap>
        <Button component={Link} to={`/admin/content/${chapter.id}`} color="inherit" variant="outlined">
          Back to the chapter
        </Button>
        <Button component={Link} to={`/chapter/${chapter.slug}#${section.slug}`} variant="outlined">
          View as a reader
        </Button>
      </Stack>
      {/* A new revision (after a save or a restore) starts the editor afresh from it. */}
      <SectionEditor
        key={section.currentRevision}
        section={section}
        result={actionData as SectionSaveResult | undefined}
      />

      <Box component="section" aria-labelledby="revisions-heading" sx={{ mt: 6 }}>
        <Typography id="revisions-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
          Revisions
        </Typography>
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
      </Box>
    </Page>
  );
}
