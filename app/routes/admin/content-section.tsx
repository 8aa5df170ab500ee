import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { LineDiffView } from "../../components/lesson/line-diff-view";
import { MarkdownEditor } from "../../components/lesson/markdown-editor";
import { Page } from "../../components/page";
import { LabelledCell, TableRegion } from "../../components/table-region";
import { SECTION_BODY_MAX } from "../../content/limits";
import { listRevisions, saveSection, sectionContentSchema } from "../../models/section.server";
import { requireUser } from "../../utils/access.server";
import { loadSectionForAdmin, revisionSourceLabels } from "../../utils/content-admin.server";
import { getDatabase } from "../../utils/db.server";
import { fieldErrors, formValues } from "../../utils/form.server";
import { formatUtc } from "../../utils/format-date";
import { diffLines } from "../../utils/line-diff";
import type { Route } from "./+types/content-section";

export { katexStylesheet as links } from "../../components/math/katex-stylesheet";

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
  const parsed = saveSchema.safeParse(formValues(await request.formData()));
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

function ConflictNotice({
  conflict,
  onOverride,
}: {
  conflict: Extract<SectionSaveResult, { outcome: "conflict" }>;
  onOverride(): void;
}) {
  const { current } = conflict;
  return (
    <Alert severity="error" sx={{ mb: 3 }} role="alert">
      <AlertTitle>Not saved: this section changed while you were editing</AlertTitle>
      <Typography sx={{ mb: 1 }}>
        Revision {current.number} was saved by {current.authorEmail ?? "an import"} at {formatUtc(current.createdAt)}.
        Your text is still in the editor. This is what saving yours would change in theirs:
      </Typography>
      <LineDiffView diff={conflict.diff} label={`Difference between revision ${current.number} and your text`} />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 2 }}>
        <Button variant="contained" color="error" onClick={onOverride}>
          Base my text on revision {current.number}
        </Button>
        <Button component="a" href="" variant="outlined" color="inherit">
          Discard mine and load revision {current.number}
        </Button>
      </Stack>
    </Alert>
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
          conflict={conflict}
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
        <TableRegion labelledBy="revisions-heading">
          <Table size="small" role="table">
            <TableHead role="rowgroup">
              <TableRow role="row">
                <TableCell role="columnheader">Revision</TableCell>
                <TableCell role="columnheader">Saved</TableCell>
                <TableCell role="columnheader">By</TableCell>
                <TableCell role="columnheader">How</TableCell>
                <TableCell role="columnheader">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody role="rowgroup">
              {revisions.map((revision) => (
                <TableRow key={revision.number} role="row">
                  <LabelledCell label="Revision">
                    {revision.number}
                    {revision.number === section.currentRevision ? " (current)" : ""}
                  </LabelledCell>
                  <LabelledCell label="Saved">{formatUtc(revision.createdAt)}</LabelledCell>
                  <LabelledCell label="By">{revision.authorEmail ?? "—"}</LabelledCell>
                  <LabelledCell label="How">
                    {revision.source}
                    {revision.restoredFrom ? ` ${revision.restoredFrom}` : ""}
                  </LabelledCell>
                  <LabelledCell label="Actions">
                    <Link to={`${base}/revisions/${revision.number}`}>View</Link>
                    {revision.number !== section.currentRevision && (
                      <>
                        {" · "}
                        <Link to={`${base}/revisions/${revision.number}?compare=${section.currentRevision}`}>
                          Compare with current
                        </Link>
                      </>
                    )}
                  </LabelledCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      </Box>
    </Page>
  );
}
