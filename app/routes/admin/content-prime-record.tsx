import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { ConflictNotice } from "#app/components/content-admin/conflict-notice";
import { RevisionTable } from "#app/components/content-admin/revision-table";
import { PublishToggle } from "#app/components/content-admin/publication-controls";
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
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/content-prime-record";

const NEW = "new";
const kindSchema = z.enum(["mersenne", "largest", "form"]);

async function loadRecord(recordId: string) {
  const record = z.uuid().safeParse(recordId).success ? await findPrimeRecord(getDatabase().db, recordId) : undefined;
  if (!record) throw data({ message: `Page not found: /admin/content/primes/${recordId}` }, { status: 404 });
  return record;
}

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
  | { intent: "save"; outcome: "saved"; revision: number; unchanged: boolean }
  | { intent: "save"; outcome: "invalid"; errors: Partial<Record<string, string>> }
  | { intent: "save"; outcome: "conflict"; current: { number: number; authorEmail: string | null; createdAt: string } }
  | { intent: "publish"; published: boolean; announcement: Announcement | null };

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
  const refuse = (errors: Partial<Record<string, string>>) =>
    data<RecordActionResult>({ intent: "save", outcome: "invalid", errors }, { status: 400 });
  if (!read.ok) return refuse(read.errors);
  const keyTaken =
    kind === "mersenne"
      ? { exponent: "Another record has this exponent." }
      : { number: "Another record of this kind has this number." };
  if (!record) {
    const created = await createPrimeRecord(db, { kind, content: read.content, authorId: user.id });
    if (!created.ok) return refuse(keyTaken);
    throw redirect(`/admin/content/primes/${created.record.id}`);
  }
  const base = z.coerce.number().int().positive().safeParse(values.baseRevision);
  if (!base.success) return refuse({ form: "The form is missing the revision it was based on." });
  const saved = await savePrimeRecord(db, {
    id: record.id,
    baseRevision: base.data,
    content: read.content,
    authorId: user.id,
  });
  if (saved.ok) {
    return {
      intent: "save",
      outcome: "saved",
      revision: saved.record.currentRevision,
      unchanged: saved.unchanged,
    } satisfies RecordActionResult;
  }
  if (saved.reason === "not-found") throw data({ message: "This record no longer exists." }, { status: 404 });
  if (saved.reason === "key-taken") return refuse(keyTaken);
  const { number, authorEmail, createdAt } = saved.current;
  return data<RecordActionResult>(
    { intent: "save", outcome: "conflict", current: { number, authorEmail, createdAt } },
    { status: 409 },
  );
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
  const [baseRevision, setBaseRevision] = useState(loaded.record?.currentRevision ?? null);
  const [overridden, setOverridden] = useState<number | null>(null);
  const saving = useNavigation().state === "submitting";
  const save = result?.intent === "save" ? result : undefined;
  const errors = save?.outcome === "invalid" ? save.errors : {};
  const conflict = save?.outcome === "conflict" && overridden !== save.current.number ? save.current : undefined;
  return (
    <Form method="post" aria-label="Record editor">
      <Stack spacing={2.5} sx={{ maxWidth: 720 }}>
        {conflict && (
          <ConflictNotice
            what="record"
            current={{ ...conflict, savedBy: conflict.authorEmail ?? "an import" }}
            onOverride={() => {
              setBaseRevision(conflict.number);
              setOverridden(conflict.number);
            }}
          />
        )}
        {save?.outcome === "saved" && (
          <Alert severity="success" role="status">
            {save.unchanged ? "Nothing changed, so no revision was added." : `Saved as revision ${save.revision}.`}
          </Alert>
        )}
        {save?.outcome === "invalid" && (
          <Alert severity="error" role="alert">
            Not saved: {errors.form ?? "mend the fields marked below."}
          </Alert>
        )}
        {baseRevision !== null && <input type="hidden" name="baseRevision" value={baseRevision} />}
        {RECORD_FIELDS[loaded.kind].map((field) => (
          <TextField
            key={field.name}
            name={field.name}
            label={field.label}
            select={field.options !== undefined}
            multiline={field.multiline}
            minRows={field.multiline ? 2 : undefined}
            defaultValue={loaded.values[field.name] ?? field.options?.[0]?.value ?? ""}
            error={Boolean(errors[field.name])}
            helperText={errors[field.name] ?? field.help}
            // A choice whose value is empty ("None") still shows its label above it.
            slotProps={field.options ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
          >
            {field.options?.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
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
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 3, flexWrap: "wrap", alignItems: "center" }}>
        <Button component={Link} to="/admin/content/primes" color="inherit" variant="outlined">
          All prime records
        </Button>
        {record && <PublishToggle published={record.published} />}
      </Stack>
      {published?.announcement && (
        <Alert severity="info" sx={{ mb: 3 }}>
          <AlertTitle>Announced: {published.announcement.title}</AlertTitle>
          {published.announcement.body} Subscribers who opted in get it once web push is available.
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
