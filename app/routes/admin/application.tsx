import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { Page } from "../../components/page";
import { readSettings, SETTINGS, writeSetting } from "../../models/app-settings.server";
import { recordAudit } from "../../models/audit-log.server";
import { requireUser } from "../../utils/access.server";
import { getDatabase } from "../../utils/db.server";
import { formValues } from "../../utils/form.server";
import type { Route } from "./+types/application";

export const meta: Route.MetaFunction = () => [{ title: "Settings · Numberlab" }];

export async function loader() {
  return {
    settings: await readSettings(getDatabase().db),
    defaults: { freeQuizAttemptsPerDay: SETTINGS.freeQuizAttemptsPerDay.defaultValue },
  };
}

const { min, max } = { min: 0, max: 100 };
const quizSchema = z.object({
  freeQuizAttemptsPerDay: z.coerce
    .number({ error: "Enter a whole number of attempts." })
    .int("Enter a whole number of attempts.")
    .min(min, `At least ${min}.`)
    .max(max, `At most ${max}.`),
});

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireUser(context);
  const values = formValues(await request.formData());
  const parsed = quizSchema.safeParse(values);
  if (!parsed.success) {
    return data(
      { error: parsed.error.issues[0]!.message, value: String(values.freeQuizAttemptsPerDay ?? "") },
      { status: 400 },
    );
  }
  const { db } = getDatabase();
  const next = parsed.data.freeQuizAttemptsPerDay;
  await db.transaction().execute(async (trx) => {
    const before = (await readSettings(trx)).freeQuizAttemptsPerDay;
    await writeSetting(trx, "freeQuizAttemptsPerDay", next, admin.id);
    if (before !== next) {
      await recordAudit(trx, {
        actor: { id: admin.id, email: admin.email },
        action: "settings.update",
        target: null,
        details: { setting: "free quiz attempts a day", from: before, to: next },
      });
    }
  });
  return { saved: true };
}

export default function Application({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, defaults } = loaderData;
  const saving = useNavigation().state !== "idle";
  const refused = actionData && "error" in actionData ? actionData : null;
  const error = refused?.error ?? null;
  return (
    <Page
      title="Settings"
      lead="How the application behaves for every learner. Changes apply at once and are written to the audit log."
    >
      <Box component="section" aria-labelledby="quiz-settings">
        <Typography id="quiz-settings" variant="h6" component="h2" sx={{ mb: 2 }}>
          Quizzes
        </Typography>
        <Form method="post">
          <Stack spacing={2} sx={{ maxWidth: "28rem" }}>
            {actionData && "saved" in actionData && (
              <Alert severity="success" role="status">
                Saved.
              </Alert>
            )}
            <TextField
              name="freeQuizAttemptsPerDay"
              label="Free quiz attempts a day"
              type="number"
              defaultValue={refused ? refused.value : settings.freeQuizAttemptsPerDay}
              error={error !== null}
              helperText={
                error ??
                `For accounts without premium; renews at midnight UTC. Premium and admins are unlimited. Default ${defaults.freeQuizAttemptsPerDay}.`
              }
              slotProps={{ htmlInput: { min, max, step: 1 } }}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={saving}>
                Save
              </Button>
            </Box>
          </Stack>
        </Form>
      </Box>
    </Page>
  );
}
