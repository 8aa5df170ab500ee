/**
 * The form of /admin/sendNotification read back on the server: what the notification says, who it
 * goes to and when, each field with its own message. The page imports the limits and names from here,
 * so the browser's hints and the server's checks cannot disagree.
 */
import { z } from "zod";
import {
  PUSH_AUDIENCES,
  PUSH_BODY_MAX_LENGTH,
  PUSH_TITLE_MAX_LENGTH,
  PUSH_TOPICS,
  PUSH_URL_MAX_LENGTH,
  type PushAudience,
  type PushTopic,
} from "#app/models/push-vocabulary";
import { EMAIL_MAX_LENGTH } from "#app/utils/email-rules";
import { formatUtc } from "#app/utils/format-date";

/** A time picked a moment ago may pass while the admin presses the button: that is still "now". */
export const SCHEDULE_PAST_SLACK_MS = 60_000;
/** Plans further ahead belong in a calendar, not in a queue nobody looks at. */
export const SCHEDULE_MAX_AHEAD_MS = 365 * 24 * 60 * 60 * 1000;

export const SEND_FORM_FIELDS = ["title", "body", "url", "topic", "audience", "email", "when", "scheduledFor"] as const;
export type SendFormField = (typeof SEND_FORM_FIELDS)[number];

/** "now" sends at once; "later" at scheduledFor. */
export const SEND_TIMINGS = ["now", "later"] as const;
export type SendTiming = (typeof SEND_TIMINGS)[number];

/** What a notification says and which topic it belongs to: the part a test send checks too. */
export interface SendDraft {
  title: string;
  body: string;
  /** A path on this site, with its query and fragment. */
  url: string;
  topic: PushTopic;
}

export interface SendPlan {
  audience: PushAudience;
  /** The one account of a "user" audience, as typed (trimmed, lower case); null otherwise. */
  email: string | null;
  /** The ISO instant of a scheduled send; null: now. */
  scheduledFor: string | null;
}

/** A "user" audience names an address no account has. */
export const unknownAccountMessage = (email: string) => `No account has the address ${email}.`;

export type FormReading<T> = { ok: true; value: T } | { ok: false; errors: Partial<Record<SendFormField, string>> };

const text = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(1, `Enter ${what}.`)
    .max(max, `At most ${max} characters (browsers cut longer ones).`);

const CONTROL_OR_SPACE = /[\s\p{Cc}]/u;
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;
const OWN_PAGES_ONLY = "Notifications open a page of this site: enter its path, like /prime-discoveries.";

/**
 * The page a click opens, as a path on `siteOrigin`: a path starting with one slash, or a full address
 * on this very site (turned into its path). Other sites, protocol-relative `//host` and schemes such as
 * `javascript:` are refused, since the service worker would only replace them with the home page.
 */
export function readSitePath(value: unknown, siteOrigin: string): { path: string } | { error: string } {
  if (typeof value !== "string" || value.trim() === "") return { error: "Enter the page it opens, like /chapter." };
  const typed = value.trim();
  if (CONTROL_OR_SPACE.test(typed)) return { error: "A link has no spaces: encode them as %20." };
  if (HAS_SCHEME.test(typed)) {
    let target: URL;
    try {
      target = new URL(typed);
    } catch {
      return { error: OWN_PAGES_ONLY };
    }
    if (target.origin !== siteOrigin) return { error: `${OWN_PAGES_ONLY} Other sites and schemes are refused.` };
    return withinLength(target.pathname + target.search + target.hash);
  }
  if (!typed.startsWith("/")) return { error: `Start the path with /, like /${typed}.` };
  // "//host" and "/\host" leave the site in a browser.
  if (typed.startsWith("//") || typed.startsWith("/\\")) return { error: `${OWN_PAGES_ONLY} Other sites are refused.` };
  const target = new URL(typed, siteOrigin);
  if (target.origin !== siteOrigin) return { error: OWN_PAGES_ONLY };
  return withinLength(target.pathname + target.search + target.hash);
}

function withinLength(path: string): { path: string } | { error: string } {
  return path.length > PUSH_URL_MAX_LENGTH
    ? { error: `At most ${PUSH_URL_MAX_LENGTH} characters (this one has ${path.length}).` }
    : { path };
}

const draftSchema = z.object({
  title: text("a title", PUSH_TITLE_MAX_LENGTH),
  body: text("the message", PUSH_BODY_MAX_LENGTH),
  topic: z.enum(PUSH_TOPICS, { error: "Choose one of the topics." }),
});

/** The notification itself; every problem at once, one per field. */
export function readSendDraft(values: Record<string, unknown>, siteOrigin: string): FormReading<SendDraft> {
  const errors: Partial<Record<SendFormField, string>> = {};
  const draft = draftSchema.safeParse(values);
  for (const issue of draft.error?.issues ?? []) errors[issue.path[0] as SendFormField] ??= issue.message;
  const link = readSitePath(values.url, siteOrigin);
  if ("error" in link) errors.url = link.error;
  if (!draft.success || "error" in link) return { ok: false, errors };
  return { ok: true, value: { ...draft.data, url: link.path } };
}

const planSchema = z.object({
  audience: z.enum(PUSH_AUDIENCES, { error: "Choose who receives it." }),
  when: z.enum(SEND_TIMINGS, { error: "Choose to send it now or at a time." }),
});

const emailSchema = z
  .string({ error: "Enter the e-mail address of the account." })
  .trim()
  .min(1, "Enter the e-mail address of the account.")
  .max(EMAIL_MAX_LENGTH, `At most ${EMAIL_MAX_LENGTH} characters.`)
  .pipe(z.email("Enter a valid e-mail address, like name@example.com."))
  .transform((email) => email.toLowerCase());

const instantSchema = z.iso.datetime({ offset: true, error: "Choose the date and time it goes out." });

/**
 * Who receives it and when. A scheduled time comes as an ISO instant (the page turns the admin's
 * local date and time into one with the browser's time zone); it may be at most a minute past and at
 * most a year ahead of `now`.
 */
export function readSendPlan(values: Record<string, unknown>, now: Date): FormReading<SendPlan> {
  const errors: Partial<Record<SendFormField, string>> = {};
  const plan = planSchema.safeParse(values);
  for (const issue of plan.error?.issues ?? []) errors[issue.path[0] as SendFormField] ??= issue.message;

  let email: string | null = null;
  if (plan.data?.audience === "user") {
    const read = emailSchema.safeParse(values.email);
    if (read.success) email = read.data;
    else errors.email = read.error.issues[0]!.message;
  }

  let scheduledFor: string | null = null;
  if (plan.data?.when === "later") {
    const read = instantSchema.safeParse(values.scheduledFor);
    if (!read.success) errors.scheduledFor = read.error.issues[0]!.message;
    else {
      const at = new Date(read.data);
      const latest = new Date(now.getTime() + SCHEDULE_MAX_AHEAD_MS);
      if (at.getTime() < now.getTime() - SCHEDULE_PAST_SLACK_MS) {
        errors.scheduledFor = `This time has passed (it is ${formatUtc(now.toISOString())} now): choose a later one, or send it now.`;
      } else if (at > latest) {
        errors.scheduledFor = `At most a year ahead: ${formatUtc(latest.toISOString())} at the latest.`;
      } else scheduledFor = at.toISOString();
    }
  }
  if (!plan.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { audience: plan.data.audience, email, scheduledFor } };
}
