import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { data, Form, Link as RouterLink, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { PageActions } from "#app/components/admin/page-actions";
import { RevisionSaveNotices, useRevisionBase } from "#app/components/content-admin/revision-saving";
import { RevisionTable } from "#app/components/content-admin/revision-table";
import { PublishToggle } from "#app/components/content-admin/publication-controls";
import { FormTextField } from "#app/components/form-text-field";
import { Page } from "#app/components/page";
import {
  createPrimeRecord,
  findPrimeRecord,
  listPrimeRecordRevisions,
  savePrimeRecord,
  setPrimeRecordPublished,
} from "#app/models/prime-record.server";
import { requireUser } from "#app/auth/access.server";
import { getDatabase } from "#app/utils/db.server";
import { KIND_TITLES, RECORD_FIELDS, recordFromForm, recordToForm } from "#app/content/prime-record-form";
import { announceRecord, type Announcement } from "#app/content/record-announcement.server";
import { revisionSaved, saveConflict, saveRefused, type RevisionSaveResult } from "#app/content/revision-save";
import { findByIdOr404 } from "#app/http/not-found";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/content-prime-record";
import { useUnsavedForm } from "#app/offline/unsaved-input";

const NEW = "new";
const kindSchema = z.enum(["mersenne", "largest", "form"]);

const loadRecord = (recordId: string) =>
  findByIdOr404(recordId, (id) => findPrimeRecord(getDatabase().db, id), `/admin/content/primes/${recordId}`);

/** The record at this address, or for "new" the kind asked for in ?kind=. */
async function target(params: { recordId: string }, request: Request) {
  if (params.recordId !== NEW) {
    const record = await loadRecord(params.recordId);
    return { record, kind: record.kind };
  }
  const kind = kindSchema.safeParse(new URL(request.url).searchParams.get("kind"));
  if (!kind.success) throw data({ message: "Choose the kind of record to add." }, { status: 404 });
  return { record: null, kind: kind.data };
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const { record, kind } = await target(params, request);
  const revisions = record ? await listPrimeRecordRevisions(getDatabase().db, record.id) : [];
  return {
    kind,
    record: record ? { id: record.id, published: record.published, currentRevision: record.currentRevision } : null,
    values: record ? recordToForm(record.content) : {},
    revisions: revisions.map(({ number, authorEmail, createdAt }) => ({ number, authorEmail, createdAt })),
  };
}

export type RecordActionResult =
  RevisionSaveResult | { intent: "publish"; published: boolean; announcement: Announcement | null };

const intentSchema = z.enum(["save", "publish", "unpublish"], { error: "Save or publish the record." });

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const { db } = getDatabase();
  const { record, kind } = await target(params, request);
  const values = await readForm(request);
  const intent = intentSchema.safeParse(values.intent);
  if (!intent.success) return data({ error: intent.error.issues[0]!.message }, { status: 400 });

  if (intent.data !== "save") {
    if (!record) return data({ error: "Save the record before publishing it." }, { status: 400 });
    const published = await setPrimeRecordPublished(db, record.id, intent.data === "publish");
    if (!published) throw data({ message: "This record no longer exists." }, { status: 404 });
    // Only a record's first publication is news; withdrawing and publishing again says nothing.
    const announcement = published.firstPublication ? await announceRecord(published.record) : null;
    return { intent: "publish", published: published.record.published, announcement } satisfies RecordActionResult;
  }

  const read = recordFromForm(kind, values);
  if (!read.ok) return saveRefused(read.errors);
  const keyTaken =
    kind === "mersenne"
      ? { exponent: "Another record has this exponent." }
      : { number: "Another record of this kind has this number." };
  if (!record) {
    const created = await createPrimeRecord(db, { kind, content: read.content, authorId: user.id });
    if (!created.ok) return saveRefused(keyTaken);
    throw redirect(`/admin/content/primes/${created.record.id}`);
  }
  const base = z.coerce.number().int().positive().safeParse(values.baseRevision);
  if (!base.success) return saveRefused({ form: "The form is missing the revision it was based on." });
  const saved = await savePrimeRecord(db, {
    id: record.id,
    baseRevision: base.data,
    content: read.content,
    authorId: user.id,
  });
  if (saved.ok) return revisionSaved(saved.record.currentRevision, saved.unchanged);
  if (saved.reason === "not-found") throw data({ message: "This record no longer exists." }, { status: 404 });
  if (saved.reason === "key-taken") return saveRefused(keyTaken);
  return saveConflict(saved.current);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? KIND_TITLES[loaderData.kind] : "Prime record"} · Content · Numberlab` },
];

function RecordForm({
  loaded,
  result,
}: {
  loaded: Route.ComponentProps["loaderData"];
  result: RecordActionResult | undefined;
}) {
  const save = result?.intent === "save" ? result : undefined;
  const base = useRevisionBase(
    loaded.record?.currentRevision ?? null,
    save?.outcome === "conflict" ? save.current.number : undefined,
  );
  const saving = useNavigation().state === "submitting";
  const errors = save?.outcome === "invalid" ? save.errors : {};
  const unsavedForm = useUnsavedForm(loaded.record?.currentRevision ?? null);
  return (
    <Form method="post" aria-label="Record editor" ref={unsavedForm}>
      <Stack spacing={2.5} sx={{ maxWidth: 720 }}>
        <RevisionSaveNotices what="record" withoutAuthor="an import" save={save} base={base} />
        {RECORD_FIELDS[loaded.kind].map((field) => (
          <FormTextField
            key={field.name}
            name={field.name}
            label={field.label}
            select={field.options !== undefined}
            multiline={field.multiline}
            minRows={field.multiline ? 2 : undefined}
            defaultValue={loaded.values[field.name] ?? field.options?.[0]?.value ?? ""}
            errors={errors}
            help={field.help}
            // A choice whose value is empty ("None") still shows its label above it.
            slotProps={field.options ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
          >
            {field.options?.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </FormTextField>
        ))}
        <Button
          type="submit"
          name="intent"
          value="save"
          variant="contained"
          disabled={saving}
          sx={{ alignSelf: "flex-start" }}
        >
          {loaded.record ? "Save revision" : "Create record"}
        </Button>
      </Stack>
    </Form>
  );
}

export default function ContentPrimeRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { record, kind, revisions } = loaderData;
  const result = actionData as RecordActionResult | undefined;
  const published = result?.intent === "publish" ? result : undefined;
  return (
    <Page
      title={record ? KIND_TITLES[kind] : `New ${KIND_TITLES[kind].toLowerCase()}`}
      lead={
        record
          ? record.published
            ? "Published: /prime-discoveries shows it."
            : "Draft: readers do not see it yet."
          : "A new record starts as a draft."
      }
      maxWidth="md"
    >
      <PageActions back={{ to: "/admin/content/primes", label: "All prime records" }}>
        {record && <PublishToggle published={record.published} />}
      </PageActions>
      {published?.announcement && (
        <Alert severity="info" sx={{ mb: 3 }}>
          <AlertTitle>Announced: {published.announcement.title}</AlertTitle>
          {published.announcement.body} It goes by web push to the learners who chose new record primes; its delivery
          report is in the history of{" "}
          <Link component={RouterLink} to="/admin/sendNotification">
            Send notification
          </Link>
          .
        </Alert>
      )}
      <RecordForm key={record?.currentRevision ?? NEW} loaded={loaderData} result={result} />
      {record && (
        <Stack component="section" aria-labelledby="record-history" spacing={1} sx={{ mt: 5 }}>
          <Typography id="record-history" variant="h6" component="h2">
            Revisions
          </Typography>
          <RevisionTable
            revisions={revisions}
            current={record.currentRevision}
            labelledBy="record-history"
            withoutAuthor="the data file import"
          />
        </Stack>
      )}
    </Page>
  );
}
