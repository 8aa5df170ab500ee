import { z } from "zod";
import {
  MAX_EVENTS_PER_BATCH,
  SIGN_UP_METHODS,
  SUBSCRIPTION_STEPS,
  TOOL_OUTCOMES,
  type AnalyticsEvent,
} from "./events";

/**
 * The server's check of a batch from POST /api/events (docs/analytics.md): every event is one of the
 * shapes of app/analytics/events.ts, every string is bounded, every number finite and bounded, and
 * nothing else is accepted. The client is not trusted: anything off refuses the whole batch, so a
 * broken or hostile client cannot fill the table with odd rows.
 */

/** Longest route pattern or path kept; longer ones are refused, not cut (a cut path names another page). */
export const MAX_PATH_LENGTH = 300;
/** The body of one request: 20 events of a few hundred bytes each fit many times over. */
export const MAX_BATCH_BYTES = 32 * 1024;
/**
 * Short words: a skill, a chapter slug, a factoring method, a push campaign, a prime-tool action. Any
 * printable text (a campaign may be named "Week 3 #primes"); the pages that show them escape it.
 */
const MAX_WORD_LENGTH = 80;
/** The widest viewport counted; anything wider is a mistake, not a screen. */
const MAX_WIDTH = 100_000;

const hasControlCharacter = (value: string) => [...value].some((char) => char < " " || char === "\u007f");

const word = z
  .string()
  .min(1)
  .max(MAX_WORD_LENGTH)
  .refine((value) => !hasControlCharacter(value), "must not hold control characters");

const wholeNumber = (max: number) => z.number().int().min(0).max(max);

const pathSchema = z
  .string()
  .min(1)
  .max(MAX_PATH_LENGTH)
  .refine((value) => value.startsWith("/"), "must start with /")
  // A query string or fragment may carry secrets (tokens, checkout ids): the client strips it, and a
  // client that does not is refused rather than trusted to have meant no harm.
  .refine((value) => !/[?#]/.test(value), "must not carry a query string or fragment")
  .refine((value) => !hasControlCharacter(value), "must not hold control characters");

const hostName = z
  .string()
  .max(253)
  .regex(/^[a-z0-9.-]+$/i, "must be a host name")
  .transform((value) => value.toLowerCase());

const common = {
  id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "must be 16 to 64 letters, digits, _ or -"),
  at: z.number().int().min(0).max(8.64e15),
  route: pathSchema,
  path: pathSchema,
  width: wholeNumber(MAX_WIDTH).optional(),
};

const toolUse = z.discriminatedUnion("tool", [
  z.strictObject({
    tool: z.literal("factorization"),
    digits: wholeNumber(100_000),
    method: word,
    seconds: z.number().min(0).max(86_400),
    outcome: z.enum(TOOL_OUTCOMES),
  }),
  z.strictObject({ tool: z.literal("plot"), curves: wholeNumber(1_000) }),
  z.strictObject({ tool: z.literal("primes"), action: word }),
]);

const eventSchema = z.discriminatedUnion("name", [
  z.strictObject({ ...common, name: z.literal("page_view"), props: z.strictObject({ referrer: hostName.optional() }) }),
  z.strictObject({ ...common, name: z.literal("tool_use"), props: toolUse }),
  z.strictObject({
    ...common,
    name: z.literal("quiz_answer"),
    props: z.strictObject({ skill: word, right: z.boolean(), hints: wholeNumber(100) }),
  }),
  z.strictObject({ ...common, name: z.literal("chapter_read"), props: z.strictObject({ chapter: word }) }),
  z.strictObject({ ...common, name: z.literal("sign_up"), props: z.strictObject({ method: z.enum(SIGN_UP_METHODS) }) }),
  z.strictObject({
    ...common,
    name: z.literal("subscription_step"),
    props: z.strictObject({ step: z.enum(SUBSCRIPTION_STEPS), plan: z.enum(["monthly", "yearly"]).optional() }),
  }),
  z.strictObject({
    ...common,
    name: z.literal("push_received"),
    props: z.strictObject({ campaign: word.optional() }),
  }),
  z.strictObject({ ...common, name: z.literal("push_click"), props: z.strictObject({ campaign: word.optional() }) }),
]);

export const batchSchema = z.strictObject({
  events: z
    .array(eventSchema)
    .min(1, "A batch holds at least one event.")
    .max(MAX_EVENTS_PER_BATCH, `A batch holds at most ${MAX_EVENTS_PER_BATCH} events.`),
});

/**
 * The batch, or the first problem in words that name the event and field (the client logs nothing, but
 * a developer reading the answer in the network panel should see what was wrong).
 */
export function parseBatch(body: unknown): { events: AnalyticsEvent[] } | { error: string } {
  const parsed = batchSchema.safeParse(body);
  if (parsed.success) return { events: parsed.data.events as AnalyticsEvent[] };
  const issue = parsed.error.issues[0];
  if (!issue) return { error: "The batch is not valid." };
  const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return { error: `${where}${issue.message}` };
}
