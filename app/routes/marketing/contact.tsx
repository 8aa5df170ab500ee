import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { Page } from "#app/components/page";
import { createContactMessage } from "#app/models/contact-message.server";
import { getDatabase } from "#app/utils/db.server";
import { emailField, fieldErrors, submittedText, textField } from "#app/http/form.server";
import { checkRateLimits, rateLimits } from "#app/http/rate-limits.server";
import { serverInfoContext, userContext } from "#app/http/request-context";
import { CONTACT_LIMITS } from "#app/utils/contact-limits";
import { retryAfterHeaders } from "#app/http/action-headers";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/contact";

const FIELDS = ["name", "email", "subject", "message"] as const;
/** Hidden from people; bots that fill every field fill this one too. */
const HONEYPOT_FIELD = "website";

const contactSchema = z.object({
  name: textField("your name", { max: CONTACT_LIMITS.name }),
  email: emailField,
  subject: textField("a subject", { max: CONTACT_LIMITS.subject }),
  message: textField("your message", { min: CONTACT_LIMITS.messageMin, max: CONTACT_LIMITS.message }),
});

export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Contact · Numberlab" },
  { name: "description", content: "Write to the people who run this Numberlab site." },
];

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readForm(request);
  const kept = submittedText(values, FIELDS);

  // A filled honeypot gets the same answer as a real message, and nothing is stored.
  if (values[HONEYPOT_FIELD] !== undefined && values[HONEYPOT_FIELD] !== "") {
    return { sent: true as const };
  }
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    return data({ errors: fieldErrors(parsed.error), values: kept }, { status: 400 });
  }
  const limited = await checkRateLimits(
    [{ rule: rateLimits.contactPerIp, subject: context.get(serverInfoContext).clientIp }],
    kept,
  );
  if (limited) return limited;

  await createContactMessage(getDatabase().db, {
    ...parsed.data,
    userId: context.get(userContext)?.id ?? null,
  });
  return { sent: true as const };
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sent = actionData !== undefined && "sent" in actionData;
  const errors: Partial<Record<string, string>> =
    actionData !== undefined && "errors" in actionData ? actionData.errors : {};
  const values: Partial<Record<string, string>> =
    actionData !== undefined && "values" in actionData ? actionData.values : {};

  return (
    <Page
      title="Contact"
      lead="A question about a lesson, a mistake you spotted, an idea for a tool? Write to us: a person reads every message."
    >
      {sent ? (
        <Alert severity="success" role="status">
          Thank you, your message was received. If it needs an answer, we will reply to the address you gave.
        </Alert>
      ) : (
        <Form method="post" noValidate>
          <Stack spacing={2.5}>
            {errors.form && (
              <Alert severity="error" role="alert">
                {errors.form}
              </Alert>
            )}
            <TextField
              label="Your name"
              name="name"
              autoComplete="name"
              required
              defaultValue={values.name}
              error={Boolean(errors.name)}
              helperText={errors.name}
              slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.name } }}
            />
            <TextField
              label="Your e-mail address"
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={values.email}
              error={Boolean(errors.email)}
              helperText={errors.email ?? "We use it only to answer you."}
            />
            <TextField
              label="Subject"
              name="subject"
              required
              defaultValue={values.subject}
              error={Boolean(errors.subject)}
              helperText={errors.subject}
              slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.subject } }}
            />
            <TextField
              label="Message"
              name="message"
              required
              multiline
              minRows={6}
              defaultValue={values.message}
              error={Boolean(errors.message)}
              helperText={errors.message ?? `${CONTACT_LIMITS.messageMin} to ${CONTACT_LIMITS.message} characters.`}
            />
            <Box aria-hidden sx={{ position: "absolute", left: -10000, width: 1, height: 1, overflow: "hidden" }}>
              <label>
                Leave this field empty
                <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
              </label>
            </Box>
            <Button type="submit" variant="contained" size="large" disabled={navigation.state === "submitting"}>
              Send message
            </Button>
          </Stack>
        </Form>
      )}
    </Page>
  );
}
