import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { LessonBody } from "#app/components/lesson/lesson-body";
import { LineDiffView } from "#app/components/lesson/line-diff-view";
import { Page } from "#app/components/page";
import { findRevision, listRevisions, restoreRevision } from "#app/models/section.server";
import { requireUser } from "#app/auth/access.server";
import { loadSectionForAdmin, revisionSourceLabels } from "#app/content/content-admin.server";
import { getDatabase } from "#app/utils/db.server";
import { formatUtc } from "#app/utils/format-date";
import { renderSectionRevision } from "#app/content/lesson-render.server";
import { diffLines } from "#app/utils/line-diff";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/content-revision";

export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Revision ${loaderData?.revision.number ?? ""} · Content · Numberlab` },
];

const revisionNumber = z.coerce.number().int().positive();

async function loadRevision(params: Route.LoaderArgs["params"]) {
  const { chapter, section } = await loadSectionForAdmin(params.chapterId, params.sectionId);
  const number = revisionNumber.safeParse(params.revision);
  const revision = number.success ? await findRevision(getDatabase().db, section.id, number.data) : undefined;
  if (!revision) throw data({ message: `This section has no revision ${params.revision}.` }, { status: 404 });
  return { chapter, section, revision };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { chapter, section, revision } = await loadRevision(params);
  const compareParam = new URL(request.url).searchParams.get("compare");
  const compareNumber = compareParam === null ? null : revisionNumber.safeParse(compareParam);
  const other =
    compareNumber?.success === true ? await findRevision(getDatabase().db, section.id, compareNumber.data) : undefined;
  const numbers = (await listRevisions(getDatabase().db, section.id)).map((entry) => entry.number);
  return {
    chapter: { id: chapter.id, title: chapter.title },
    section: { id: section.id, slug: section.slug, currentRevision: section.currentRevision },
    revision: {
      number: revision.number,
      title: revision.title,
      body: revision.body,
      source: revisionSourceLabels[revision.source],
      restoredFrom: revision.restoredFrom,
      authorEmail: revision.authorEmail,
      createdAt: revision.createdAt,
      blocks: renderSectionRevision({ revisionId: revision.id, slug: section.slug, body: revision.body }).blocks,
    },
    numbers,
    comparison: other
      ? {
          number: other.number,
          titleChanged: other.title !== revision.title,
          diff: diffLines(revision.body, other.body),
        }
      : null,
    compareError: compareParam !== null && !other ? `There is no revision ${compareParam} to compare with.` : null,
  };
}

const restoreSchema = z.object({ baseRevision: z.coerce.number().int().positive() });

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const { chapter, section, revision } = await loadRevision(params);
  const parsed = restoreSchema.safeParse(await readForm(request));
  if (!parsed.success) return data({ error: "The form is missing the revision it was based on." }, { status: 400 });
  const restored = await restoreRevision(getDatabase().db, {
    sectionId: section.id,
    number: revision.number,
    baseRevision: parsed.data.baseRevision,
    authorId: user.id,
  });
  if (restored.ok) return redirect(`/admin/content/${chapter.id}/sections/${section.id}`);
  if (restored.reason === "conflict") {
    return data(
      {
        error: `The section changed meanwhile (now at revision ${restored.current.number}). Look again, then restore.`,
      },
      { status: 409 },
    );
  }
  throw data({ message: "This revision no longer exists." }, { status: 404 });
}

export default function ContentRevision({ loaderData, actionData }: Route.ComponentProps) {
  const { chapter, section, revision, numbers, comparison, compareError } = loaderData;
  const sectionPath = `/admin/content/${chapter.id}/sections/${section.id}`;
  const isCurrent = revision.number === section.currentRevision;
  return (
    <Page
      title={`Revision ${revision.number}: ${revision.title}`}
      lead={`${revision.source}${revision.restoredFrom ? ` ${revision.restoredFrom}` : ""} · ${revision.authorEmail ?? "no author"} · ${formatUtc(revision.createdAt)}`}
      maxWidth="lg"
    >
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 3, alignItems: "flex-start" }}>
        <Button component={Link} to={sectionPath} color="inherit" variant="outlined">
          Back to the editor
        </Button>
        {isCurrent ? (
          <Typography sx={{ alignSelf: "center" }}>This is the current revision.</Typography>
        ) : (
          <Form method="post">
            <input type="hidden" name="baseRevision" value={section.currentRevision} />
            <Button type="submit" variant="contained">
              Restore revision {revision.number}
            </Button>
          </Form>
        )}
      </Stack>
      {actionData?.error && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {actionData.error}
        </Alert>
      )}

      <Box component="section" aria-labelledby="compare-heading" sx={{ mb: 4 }}>
        <Typography id="compare-heading" variant="h5" component="h2" gutterBottom>
          Compare
        </Typography>
        <Form method="get">
          <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 2 }}>
            <TextField
              select
              name="compare"
              label="With revision"
              size="small"
              defaultValue={comparison?.number ?? section.currentRevision}
              sx={{ minWidth: 180 }}
            >
              {numbers.map((number) => (
                <MenuItem key={number} value={number}>
                  {number}
                  {number === section.currentRevision ? " (current)" : ""}
                </MenuItem>
              ))}
            </TextField>
            <Button type="submit" variant="outlined">
              Compare
            </Button>
          </Stack>
        </Form>
        {compareError && <Alert severity="error">{compareError}</Alert>}
        {comparison && (
          <>
            <Typography sx={{ mb: 1 }}>
              From revision {revision.number} to revision {comparison.number}
              {comparison.titleChanged ? " (the title changed too)" : ""}:
            </Typography>
            <LineDiffView
              diff={comparison.diff}
              label={`Changes from revision ${revision.number} to revision ${comparison.number}`}
            />
          </>
        )}
      </Box>

      <Box component="section" aria-labelledby="rendered-heading">
        <Typography id="rendered-heading" variant="h5" component="h2" gutterBottom>
          As readers saw it
        </Typography>
        <Box sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2 }}>
          <LessonBody blocks={revision.blocks} />
        </Box>
        <details>
          <summary>Markdown source</summary>
          <Box component="pre" sx={{ whiteSpace: "pre-wrap", fontFamily: "monospace", fontSize: "0.85rem" }}>
            {revision.body}
          </Box>
        </details>
      </Box>
    </Page>
  );
}
