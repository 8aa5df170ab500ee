import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Link from "@mui/material/Link";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, Link as RouterLink, useFetcher } from "react-router";
import { useHydrated } from "#app/components/analytics/use-hydrated";
import type { AudienceReach } from "#app/models/push-audience.server";
import {
  PUSH_AUDIENCES,
  PUSH_BODY_MAX_LENGTH,
  PUSH_TITLE_MAX_LENGTH,
  PUSH_TOPICS,
  PUSH_URL_MAX_LENGTH,
  type PushAudience,
  type PushTopic,
} from "#app/models/push-vocabulary";
import type { SendFormField } from "#app/push/send-form";
import { formatUtc } from "#app/utils/format-date";
import { countOf } from "#app/utils/plural";
import { NotificationPreview } from "./notification-preview";
import { AUDIENCE_CHOICES, topicLabel } from "./push-labels";

/** The form's fields as typed; `scheduledLocal` is the date-time picker's own value, in the admin's zone. */
export type ComposeValues = Record<Exclude<SendFormField, "scheduledFor"> | "scheduledLocal", string>;

export type ComposeErrors = Partial<Record<SendFormField | "form", string>>;

/** What /admin/sendNotification/audience answers: the reach now, or why it cannot be counted. */
export type AudienceAnswer = { reach: AudienceReach } | { error: string };

/** The server's question before a send to several learners, with the values it counted. */
export interface SendConfirmation {
  reach: AudienceReach;
  values: ComposeValues & { scheduledFor: string };
}

/** The reach of the default topic and audience, counted by the page's loader (so it shows without scripts). */
export interface InitialReach {
  topic: PushTopic;
  audience: PushAudience;
  reach: AudienceReach;
}

interface ComposeFormProps {
  initial: ComposeValues;
  errors: ComposeErrors;
  /** The test send found no device of the admin's: the form error then links to the profile. */
  needsDevice: boolean;
  confirmation: SendConfirmation | null;
  initialReach: InitialReach;
  /** How many devices a test goes to. */
  myDevices: number;
  site: { name: string; host: string };
  /** The resource route that counts an audience. */
  reachPath: string;
  busy: boolean;
}

const PROFILE_NOTIFICATIONS = "/profile#notifications";
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "2026-11-27T21:05" for a datetime-local input, in the browser's time zone. */
function localInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant a datetime-local value names in the browser's time zone (ISO), or "" while incomplete. */
function instantOf(local: string): string {
  if (!local) return "";
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

/**
 * The composer of /admin/sendNotification: what the notification says (with a live preview), who
 * receives it (with how many learners and devices that is now), and when. Posts to the page's action;
 * every field is checked there again.
 */
export function ComposeForm(props: ComposeFormProps) {
  const { initial, errors, needsDevice, confirmation, myDevices, site, busy } = props;
  const hydrated = useHydrated();
  const [title, setTitle] = useState(initial.title);
  const [body, setBody] = useState(initial.body);
  const [url, setUrl] = useState(initial.url);
  const [topic, setTopic] = useState(initial.topic);
  const [audience, setAudience] = useState(initial.audience);
  const [email, setEmail] = useState(initial.email);
  const [when, setWhen] = useState(initial.when);
  const [scheduledLocal, setScheduledLocal] = useState(initial.scheduledLocal);
  const scheduledFor = instantOf(scheduledLocal);
  const current: ComposeValues = { title, body, url, topic, audience, email, when, scheduledLocal };
  // A confirmation is about what was counted: changing anything asks again on the next send.
  const confirming =
    confirmation !== null &&
    (Object.keys(current) as (keyof ComposeValues)[]).every((field) => current[field] === confirmation.values[field]);
  const ids = { audience: useId(), when: useId(), reach: useId() };

  return (
    <Form method="post" noValidate aria-label="Compose a notification">
      <Box
        sx={{
          display: "grid",
          gap: 3,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 3fr) minmax(0, 2fr)" },
          gridTemplateAreas: {
            xs: '"message" "preview" "audience" "when" "actions"',
            md: '"message preview" "audience preview" "when preview" "actions actions"',
          },
        }}
      >
        <Stack spacing={2.5} sx={{ gridArea: "message" }}>
          {errors.form && (
            <Alert severity="error" role="alert">
              {errors.form}
              {needsDevice && (
                <>
                  {" "}
                  <Link component={RouterLink} to={PROFILE_NOTIFICATIONS}>
                    Open Notifications in your profile
                  </Link>
                </>
              )}
            </Alert>
          )}
          <CountedField
            name="title"
            label="Title"
            value={title}
            onChange={setTitle}
            max={PUSH_TITLE_MAX_LENGTH}
            error={errors.title}
          />
          <CountedField
            name="body"
            label="Message"
            value={body}
            onChange={setBody}
            max={PUSH_BODY_MAX_LENGTH}
            error={errors.body}
            multiline
          />
          <TextField
            name="url"
            label="Opens the page"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            error={Boolean(errors.url)}
            helperText={errors.url ?? `A path on this site, like /prime-discoveries (at most ${PUSH_URL_MAX_LENGTH}).`}
            slotProps={{ htmlInput: { spellCheck: false, autoComplete: "off", inputMode: "url" } }}
          />
          <TextField
            select
            name="topic"
            label="Topic"
            value={topic}
            onChange={(event) => setTopic(event.target.value)}
            error={Boolean(errors.topic)}
            helperText={errors.topic ?? "Only learners who chose this topic receive it."}
            slotProps={{ select: { native: true } }}
          >
            {PUSH_TOPICS.map((value) => (
              <option key={value} value={value}>
                {topicLabel(value)}
              </option>
            ))}
          </TextField>
        </Stack>

        <Box sx={{ gridArea: "preview" }}>
          <Box sx={{ position: { md: "sticky" }, top: { md: 88 } }}>
            <NotificationPreview
              caption="Preview"
              title={title.trim()}
              body={body.trim()}
              url={url.trim()}
              siteName={site.name}
              host={site.host}
            />
            <ReachLine
              id={ids.reach}
              topic={topic}
              audience={audience}
              email={email}
              initialReach={props.initialReach}
              reachPath={props.reachPath}
            />
          </Box>
        </Box>

        <Stack spacing={2} sx={{ gridArea: "audience" }}>
          <FormControl error={Boolean(errors.audience)}>
            <FormLabel id={ids.audience}>Who receives it</FormLabel>
            <RadioGroup
              name="audience"
              aria-labelledby={ids.audience}
              aria-describedby={ids.reach}
              value={audience}
              onChange={(event) => setAudience(event.target.value)}
            >
              {PUSH_AUDIENCES.map((value) => (
                <Box key={value} sx={{ mb: 0.75 }}>
                  <FormControlLabel
                    value={value}
                    // The help describes the choice rather than naming it.
                    control={<Radio slotProps={{ input: { "aria-describedby": `${ids.audience}-${value}` } }} />}
                    label={AUDIENCE_CHOICES[value].label}
                  />
                  <Typography
                    id={`${ids.audience}-${value}`}
                    variant="body2"
                    color="text.secondary"
                    sx={{ pl: 3.875, mt: -1 }}
                  >
                    {AUDIENCE_CHOICES[value].help}
                  </Typography>
                </Box>
              ))}
            </RadioGroup>
            {errors.audience && <FormHelperText>{errors.audience}</FormHelperText>}
          </FormControl>
          {/* Always there, so nothing moves; without scripts it stays enabled, as the choice cannot enable it. */}
          <TextField
            name="email"
            disabled={hydrated && audience !== "user"}
            type="email"
            label="Account e-mail"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(errors.email)}
            helperText={errors.email ?? "For “One account”: an existing account, whose devices alone receive it."}
            slotProps={{ htmlInput: { autoComplete: "off", spellCheck: false } }}
          />
        </Stack>

        <Stack spacing={2} sx={{ gridArea: "when" }}>
          <FormControl>
            <FormLabel id={ids.when}>When</FormLabel>
            <RadioGroup
              row
              name="when"
              aria-labelledby={ids.when}
              value={when}
              onChange={(event) => setWhen(event.target.value)}
            >
              <FormControlLabel value="now" control={<Radio />} label="Now" />
              <FormControlLabel value="later" control={<Radio />} label="At a date and time" />
            </RadioGroup>
          </FormControl>
          <TextField
            type="datetime-local"
            disabled={hydrated && when !== "later"}
            name="scheduledLocal"
            label="Goes out at"
            value={scheduledLocal}
            onChange={(event) => setScheduledLocal(event.target.value)}
            error={Boolean(errors.scheduledFor)}
            helperText={
              errors.scheduledFor ??
              (hydrated && scheduledFor
                ? `In your time zone (${Intl.DateTimeFormat().resolvedOptions().timeZone}): ${formatUtc(scheduledFor)}.`
                : "In your browser's time zone; at most a year ahead.")
            }
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: hydrated ? localInputValue(new Date()) : undefined, step: 60 },
            }}
            sx={{ maxWidth: 320 }}
          />
          <input type="hidden" name="scheduledFor" value={scheduledFor} />
        </Stack>

        <Stack spacing={2} sx={{ gridArea: "actions" }}>
          {confirming && confirmation && (
            <ConfirmPanel confirmation={confirmation} topic={topic as PushTopic} busy={busy} />
          )}
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
            <Button type="submit" name="intent" value="send" variant="contained" disabled={busy || confirming}>
              {when === "later" ? "Schedule" : "Send now"}
            </Button>
            <Button type="submit" name="intent" value="test" variant="outlined" color="inherit" disabled={busy}>
              Send a test to me
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {myDevices > 0 ? (
              <>
                A test goes at once to your own {countOf(myDevices, "device")} with notifications on, whatever their
                topics and quiet hours.
              </>
            ) : (
              <>
                A test goes to your own devices, and none has notifications on yet: turn them on in{" "}
                <Link component={RouterLink} to={PROFILE_NOTIFICATIONS}>
                  your profile, under Notifications
                </Link>
                , on each browser that should receive them.
              </>
            )}
          </Typography>
        </Stack>
      </Box>
    </Form>
  );
}

function CountedField({
  name,
  label,
  value,
  onChange,
  max,
  error,
  multiline = false,
}: {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  max: number;
  error: string | undefined;
  multiline?: boolean;
}) {
  const length = value.trim().length;
  const over = length > max;
  return (
    <TextField
      name={name}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      error={Boolean(error) || over}
      helperText={error ?? `${length} of at most ${max} characters${over ? ": too long" : ""}.`}
    />
  );
}

/** How many learners and devices the chosen audience reaches now, counted as the admin chooses. */
function ReachLine({
  id,
  topic,
  audience,
  email,
  initialReach,
  reachPath,
}: {
  id: string;
  topic: string;
  audience: string;
  email: string;
  initialReach: InitialReach;
  reachPath: string;
}) {
  const fetcher = useFetcher<AudienceAnswer>();
  const load = fetcher.load;
  const emailReady = audience !== "user" || LOOKS_LIKE_EMAIL.test(email.trim());
  const query = emailReady ? reachQuery(topic, audience, email) : null;
  const initialQuery = reachQuery(initialReach.topic, initialReach.audience, "");
  // The query last sent: an answer counts only for the audience chosen now.
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (query === null || query === asked || (asked === null && query === initialQuery)) return;
    // Typing an address asks once it rests, not at every key.
    const timer = setTimeout(() => {
      setAsked(query);
      void load(`${reachPath}?${query}`);
    }, 300);
    return () => clearTimeout(timer);
  }, [load, reachPath, query, asked, initialQuery]);

  let answer: AudienceAnswer | undefined;
  if (asked === null && query === initialQuery) answer = { reach: initialReach.reach };
  else if (asked === query && fetcher.state === "idle") answer = fetcher.data;
  let text: ReactNode;
  if (query === null) text = "Enter the account's e-mail address to count its devices.";
  else if (!answer) text = "Counting…";
  else if ("error" in answer) text = answer.error;
  else if (answer.reach.devices === 0) {
    text = `Reaches nobody now: no learner of this audience has notifications on for “${topicLabel(topic as PushTopic)}”.`;
  } else {
    text = `Reaches ${countOf(answer.reach.learners, "learner")} on ${countOf(answer.reach.devices, "device")} now.`;
  }
  return (
    <Typography
      id={id}
      aria-live="polite"
      variant="body2"
      sx={{ mt: 2, fontWeight: 500 }}
      color={answer && "error" in answer ? "error" : "text.primary"}
    >
      {text}
    </Typography>
  );
}

const reachQuery = (topic: string, audience: string, email: string) =>
  new URLSearchParams({ topic, audience, ...(audience === "user" ? { email: email.trim() } : {}) }).toString();

/** The step before a send to several learners: the count, and the button that really sends. */
function ConfirmPanel({
  confirmation,
  topic,
  busy,
}: {
  confirmation: SendConfirmation;
  topic: PushTopic;
  busy: boolean;
}) {
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { reach, values } = confirmation;
  const later = values.when === "later" && values.scheduledFor;
  return (
    <Alert severity="warning">
      <AlertTitle ref={heading} tabIndex={-1} sx={{ outline: "none" }}>
        Send “{values.title}” to {countOf(reach.learners, "learner")}?
      </AlertTitle>
      It goes to {countOf(reach.devices, "device")} of learners who chose “{topicLabel(topic)}”
      {later ? ` at ${formatUtc(values.scheduledFor)}` : " now"}, and cannot be taken back once it has gone. Change
      anything above to count again.
      {/* Only while the form still holds what the server counted: any change asks again. */}
      <input type="hidden" name="confirmed" value="yes" />
      <Box sx={{ mt: 1.5 }}>
        <Button type="submit" name="intent" value="send" variant="contained" color="warning" disabled={busy}>
          Yes, send to {countOf(reach.learners, "learner")}
        </Button>
      </Box>
    </Alert>
  );
}
