import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { AdminSection, FormSection } from "#app/components/admin/admin-section";
import { PageActions } from "#app/components/admin/page-actions";
import { ChapterFields } from "#app/components/content-admin/chapter-fields";
import {
  LinkedTitle,
  orderingColumn,
  positionColumn,
  stateColumn,
} from "#app/components/content-admin/content-columns";
import { DataTable } from "#app/components/data-table";
import { FormTextField } from "#app/components/form-text-field";
import { Page } from "#app/components/page";
import { SECTION_TITLE_MAX } from "#app/models/section-limits";
import { chapterInputSchema, findChapterById, lineSchema, updateChapter } from "#app/models/chapter.server";
import { createSection, listSections, moveSection, setSectionPublished } from "#app/models/section.server";
import { requireUser } from "#app/auth/access.server";
import { getDatabase } from "#app/utils/db.server";
import { fieldErrors, submittedText } from "#app/http/form.server";
import { findByIdOr404 } from "#app/http/not-found";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/content-chapter";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.chapter.title ?? "Chapter"} · Content · Numberlab` },
];

const loadChapter = (chapterId: string) =>
  findByIdOr404(chapterId, (id) => findChapterById(getDatabase().db, id), `/admin/content/${chapterId}`);

export async function loader({ params }: Route.LoaderArgs) {
  const chapter = await loadChapter(params.chapterId);
  const sections = await listSections(getDatabase().db, chapter.id);
  return {
    chapter,
    sections: sections.map(({ id, slug, title, published, currentRevision, updatedAt }) => ({
      id,
      slug,
      title,
      published,
      currentRevision,
      updatedAt,
    })),
  };
}

const detailsSchema = chapterInputSchema.pick({ title: true, summary: true, access: true }).extend({
  version: z.coerce.number().int().positive(),
});
const newSectionSchema = z.object({
  slug: chapterInputSchema.shape.slug,
  title: lineSchema(SECTION_TITLE_MAX),
});
const sectionActionSchema = z.object({
  intent: z.enum(["move-up", "move-down", "publish", "unpublish"]),
  sectionId: z.string().uuid({ error: "That section does not exist." }),
});

type ActionResult = {
  form: "details" | "new-section" | "sections";
  errors: Partial<Record<string, string>>;
  values?: Record<string, string>;
  conflict?: { title: string; summary: string; access: string; version: number };
  saved?: boolean;
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const chapter = await loadChapter(params.chapterId);
  const { db } = getDatabase();
  const values = await readForm(request);
  const refuse = (result: ActionResult, status = 400) => data(result, { status });

  if (values.intent === "save-details") {
    const parsed = detailsSchema.safeParse(values);
    const text = submittedText(values, ["title", "summary", "access"]);
    if (!parsed.success) return refuse({ form: "details", errors: fieldErrors(parsed.error), values: text });
    const saved = await updateChapter(db, { id: chapter.id, ...parsed.data });
    if (saved.ok) return { form: "details", errors: {}, saved: true } satisfies ActionResult;
    if (saved.reason === "not-found") throw data({ message: "This chapter no longer exists." }, { status: 404 });
    const { title, summary, access, version } = saved.current;
    return refuse(
      {
        form: "details",
        errors: { form: "Someone saved this chapter's details after you opened them. Nothing was saved." },
        values: text,
        conflict: { title, summary, access, version },
      },
      409,
    );
  }

  if (values.intent === "create-section") {
    const parsed = newSectionSchema.safeParse(values);
    const text = submittedText(values, ["slug", "title"]);
    if (!parsed.success) return refuse({ form: "new-section", errors: fieldErrors(parsed.error), values: text });
    const created = await createSection(db, { chapterId: chapter.id, ...parsed.data, body: "", authorId: user.id });
    if (!created.ok) {
      return refuse({
        form: "new-section",
        errors: { slug: "This chapter already has a section with this id." },
        values: text,
      });
    }
    return redirect(`/admin/content/${chapter.id}/sections/${created.section.id}`);
  }

  const parsed = sectionActionSchema.safeParse(values);
  if (!parsed.success) {
    return refuse({ form: "sections", errors: { form: parsed.error.issues[0]?.message ?? "Invalid request." } });
  }
  const { intent, sectionId } = parsed.data;
  const sections = await listSections(db, chapter.id);
  if (!sections.some((section) => section.id === sectionId)) {
    return refuse({ form: "sections", errors: { form: "That section is not part of this chapter." } }, 404);
  }
  if (intent === "move-up" || intent === "move-down")
    await moveSection(db, sectionId, intent === "move-up" ? "up" : "down");
  else await setSectionPublished(db, sectionId, intent === "publish");
  return { form: "sections", errors: {} } satisfies ActionResult;
}

function DetailsForm({
  chapter,
  result,
}: {
  chapter: Route.ComponentProps["loaderData"]["chapter"];
  result?: ActionResult;
}) {
  const errors = result?.form === "details" ? result.errors : {};
  const values = result?.form === "details" ? result.values : undefined;
  const conflict = result?.form === "details" ? result.conflict : undefined;
  return (
    <FormSection id="details-heading" title="Details">
      {result?.form === "details" && result.saved && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          The details were saved.
        </Alert>
      )}
      {errors.form && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errors.form}
          {conflict && (
            <>
              {" "}
              Saved now: title “{conflict.title}”, {conflict.access} access, summary “{conflict.summary}”. Your text is
              still in the form; save again to replace theirs.
            </>
          )}
        </Alert>
      )}
      {/* The key makes the fields take the values of the version being edited after every save or conflict. */}
      <Form method="post" key={`${chapter.version}-${conflict?.version ?? ""}`}>
        <input type="hidden" name="version" value={conflict?.version ?? chapter.version} />
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          <TextField label="Address" value={`/chapter/${chapter.slug}`} slotProps={{ htmlInput: { readOnly: true } }} />
          <ChapterFields
            values={{
              title: values?.title ?? chapter.title,
              summary: values?.summary ?? chapter.summary,
              access: values?.access || chapter.access,
            }}
            errors={errors}
            accessHelp="Premium chapters show only their first section to readers without premium."
          />
          <Button type="submit" name="intent" value="save-details" variant="contained" sx={{ alignSelf: "flex-start" }}>
            Save details
          </Button>
        </Stack>
      </Form>
    </FormSection>
  );
}

export default function ContentChapter({ loaderData, actionData }: Route.ComponentProps) {
  const { chapter, sections } = loaderData;
  const result = actionData as ActionResult | undefined;
  const newSectionErrors = result?.form === "new-section" ? result.errors : {};
  const newSectionValues = result?.form === "new-section" ? result.values : undefined;
  return (
    <Page
      title={chapter.title}
      lead={chapter.published ? "Published" : "Draft: readers do not see it yet."}
      maxWidth="lg"
    >
      <PageActions back={{ to: "/admin/content", label: "All chapters" }}>
        <Button component={Link} to={`/chapter/${chapter.slug}`} variant="outlined">
          View as a reader
        </Button>
      </PageActions>
      <Stack spacing={4}>
        <DetailsForm chapter={chapter} result={result} />

        <AdminSection id="sections-heading" title="Sections">
          {result?.form === "sections" && result.errors.form && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {result.errors.form}
            </Alert>
          )}
          <DataTable
            labelledBy="sections-heading"
            rows={sections}
            rowKey={(section) => section.id}
            columns={[
              positionColumn,
              {
                label: "Section",
                cell: (section, index) => (
                  <LinkedTitle
                    to={`/admin/content/${chapter.id}/sections/${section.id}`}
                    title={section.title || "(untitled)"}
                    detail={`#${section.slug}${index === 0 ? " · the introduction" : ""}`}
                  />
                ),
              },
              { label: "Revision", cell: (section) => section.currentRevision },
              stateColumn,
              orderingColumn(sections, "sectionId"),
            ]}
          />
        </AdminSection>

        <FormSection id="new-section-heading" title="New section">
          <Form method="post">
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: "flex-start" }}>
              <FormTextField
                name="title"
                label="Title"
                required
                defaultValue={newSectionValues?.title ?? ""}
                errors={newSectionErrors}
              />
              <FormTextField
                name="slug"
                label="Section id"
                required
                defaultValue={newSectionValues?.slug ?? ""}
                errors={newSectionErrors}
                help="Its anchor: lowercase words joined by hyphens"
              />
              <Button type="submit" name="intent" value="create-section" variant="contained" sx={{ mt: 1 }}>
                Create and edit
              </Button>
            </Stack>
          </Form>
        </FormSection>
      </Stack>
    </Page>
  );
}
