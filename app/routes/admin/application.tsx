import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { Page } from "#app/components/page";
import { readSettings, SETTINGS, writeSetting, type SettingKey } from "#app/models/app-settings.server";
import { recordAudit } from "#app/models/audit-log.server";
import { requireUser } from "#app/auth/access.server";
import { getDatabase } from "#app/utils/db.server";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/application";

export const meta: Route.MetaFunction = () => [{ title: "Settings · Numberlab" }];

/** The settings this page edits, in the order shown, with the words for each. */
const FIELDS = [
  {
    key: "freeQuizAttemptsPerDay",
    section: "Quizzes",
    label: "Free quiz attempts a day",
    unit: "attempts",
    help: "For accounts without premium; renews at midnight UTC. Premium and admins are unlimited.",
    audit: "free quiz attempts a day",
  },
  {
    key: "learnerSessionIdleDays",
    section: "Sessions",
    label: "Learners' idle timeout, in days",
    unit: "days",
    help: "A learner's session ends after this many days without a request.",
    audit: "learner session idle days",
  },
  {
    key: "adminSessionIdleHours",
    section: "Sessions",
    label: "Administrators' idle timeout, in hours",
    unit: "hours",
    help: "An administrator's session ends after this many hours without a request: sooner, as it can change everyone's data.",
    audit: "administrator session idle hours",
  },
] as const satisfies readonly {
  key: SettingKey;
  section: string;
  label: string;
  unit: string;
  help: string;
  audit: string;
}[];

type FieldKey = (typeof FIELDS)[number]["key"];

export async function loader() {
  return {
    settings: await readSettings(getDatabase().db),
    bounds: Object.fromEntries(
      FIELDS.map(({ key }) => [
        key,
        { min: SETTINGS[key].min, max: SETTINGS[key].max, defaultValue: SETTINGS[key].defaultValue },
      ]),
    ) as Record<FieldKey, { min: number; max: number; defaultValue: number }>,
  };
}

const settingsSchema = z.object(
  Object.fromEntries(
    FIELDS.map(({ key, unit }) => {
      const { min, max } = SETTINGS[key];
      return [
        key,
        z.coerce
          .number({ error: `Enter a whole number of ${unit}.` })
          .int(`Enter a whole number of ${unit}.`)
          .min(min, `At least ${min}.`)
          .max(max, `At most ${max}.`),
      ];
    }),
  ) as Record<FieldKey, z.ZodCoercedNumber>,
);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireUser(context);
  const values = await readForm(request);
  const parsed = settingsSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<FieldKey, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as FieldKey] ??= issue.message;
    const submitted = Object.fromEntries(FIELDS.map(({ key }) => [key, String(values[key] ?? "")]));
    return data({ errors, values: submitted as Record<FieldKey, string> }, { status: 400 });
  }
  const { db } = getDatabase();
  await db.transaction().execute(async (trx) => {
    const before = await readSettings(trx);
    for (const { key, audit } of FIELDS) {
      const next = parsed.data[key];
      if (before[key] === next) continue;
      await writeSetting(trx, key, next, admin.id);
      await recordAudit(trx, {
        actor: { id: admin.id, email: admin.email },
        action: "settings.update",
        target: null,
        details: { setting: audit, from: before[key], to: next },
      });
    }
  });
  return { saved: true };
}

export default function Application({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, bounds } = loaderData;
  const saving = useNavigation().state !== "idle";
  const refused = actionData && "errors" in actionData ? actionData : null;
  const sections = [...new Set(FIELDS.map((field) => field.section))];
  return (
    <Page
      title="Settings"
      lead="How the application behaves for every learner. Changes apply at once and are written to the audit log."
    >
      <Form method="post">
        <Stack spacing={4} sx={{ maxWidth: "32rem" }}>
          {actionData && "saved" in actionData && (
            <Alert severity="success" role="status">
              Saved.
            </Alert>
          )}
          {sections.map((section) => (
            <Box component="section" key={section} aria-labelledby={`settings-${section}`}>
              <Typography id={`settings-${section}`} variant="h6" component="h2" sx={{ mb: 2 }}>
                {section}
              </Typography>
              <Stack spacing={2.5}>
                {FIELDS.filter((field) => field.section === section).map(({ key, label, help }) => {
                  const error = refused?.errors[key];
                  return (
                    <TextField
                      key={key}
                      name={key}
                      label={label}
                      type="number"
                      defaultValue={refused ? refused.values[key] : settings[key]}
                      error={error !== undefined}
                      helperText={error ?? `${help} Default ${bounds[key].defaultValue}.`}
                      slotProps={{ htmlInput: { min: bounds[key].min, max: bounds[key].max, step: 1 } }}
                    />
                  );
                })}
              </Stack>
            </Box>
          ))}
          <Box>
            <Button type="submit" variant="contained" disabled={saving}>
              Save
            </Button>
          </Box>
        </Stack>
      </Form>
    </Page>
  );
}
