import { z } from "zod";

/**
 * Every setting the server reads, validated once at start-up. `.env.example`
 * documents each of them; keep the two in step.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z
      .string()
      .regex(/^\d{1,5}$/, "must be a whole number from 0 to 65535")
      .transform(Number)
      .pipe(z.number().max(65535, "must be a whole number from 0 to 65535"))
      .default(3000),
    HOST: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default("data"),
    DATABASE_URL: z
      .string()
      .refine((value) => /^postgres(ql)?:\/\//i.test(value), {
        message: "must be a postgres:// URL; leave it unset for the SQLite default",
      })
      .optional(),
    SESSION_SECRET: z
      .string()
      .min(32, "must be at least 32 characters; leave it unset to generate one in DATA_DIR")
      .optional(),
    // The public origin of every link the app hands out (app/http/public-origin.server.ts).
    APP_URL: z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL, e.g. https://numberlab.example" })
      .optional(),
    TRUST_PROXY: z.string().optional(),
    LOG_REQUESTS: z.enum(["true", "false"]).default("true"),
    SMTP_URL: z
      .string()
      .refine((value) => /^smtps?:\/\//i.test(value), { message: "must be an smtp:// or smtps:// URL" })
      .optional(),
    MAIL_FROM: z.string().min(3).default("Numberlab <no-reply@localhost>"),
    // Stripe (docs/payments.md): both keys, or neither for the built-in test mode.
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret or restricted key (sk_… or rk_…)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, "must be a webhook signing secret (whsec_…)")
      .optional(),
    // Web push (docs/push.md): both keys, or neither to generate a pair once in DATA_DIR.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[\w-]{87}$/, "must be an uncompressed P-256 public key, 65 bytes in base64url (87 characters)")
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[\w-]{43}$/, "must be a P-256 private key, 32 bytes in base64url (43 characters)")
      .optional(),
    // Who push services can contact about our sends: a mailto: or https: URL.
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https:// URL")
      .optional(),
    // Only to point the SDK at a local stand-in of Stripe's API, as the tests do.
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    // The content assistant (docs/assistant.md): an OpenAI-compatible chat-completions endpoint and a model
    // there; the key only where the endpoint wants one (a local llama.cpp or Ollama server needs none).
    ASSISTANT_BASE_URL: z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL, e.g. https://api.openai.com/v1" })
      .refine((value) => !/^[a-z]+:\/\/[^/]*@/i.test(value), {
        message: "must not hold a user name or password: put the key in ASSISTANT_API_KEY",
      })
      .optional(),
    ASSISTANT_API_KEY: z
      .string()
      .regex(/^[\x21-\x7e]+$/, "must be one word of printable ASCII (no spaces or quotes around it)")
      .optional(),
    ASSISTANT_MODEL: z.string().trim().min(1).max(200, "must be at most 200 characters").optional(),
  })
  .refine((env) => (env.STRIPE_SECRET_KEY === undefined) === (env.STRIPE_WEBHOOK_SECRET === undefined), {
    message: "set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together, or neither for test mode",
    path: ["STRIPE_WEBHOOK_SECRET"],
  })
  .refine((env) => (env.VAPID_PUBLIC_KEY === undefined) === (env.VAPID_PRIVATE_KEY === undefined), {
    message: "set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, or neither to generate a pair in DATA_DIR",
    path: ["VAPID_PRIVATE_KEY"],
  })
  .refine((env) => (env.ASSISTANT_BASE_URL === undefined) === (env.ASSISTANT_MODEL === undefined), {
    message: "set ASSISTANT_BASE_URL and ASSISTANT_MODEL together, or neither to leave the content assistant off",
    path: ["ASSISTANT_MODEL"],
  })
  .refine((env) => env.ASSISTANT_API_KEY === undefined || env.ASSISTANT_BASE_URL !== undefined, {
    message: "ASSISTANT_API_KEY is for the endpoint in ASSISTANT_BASE_URL: set that and ASSISTANT_MODEL too",
    path: ["ASSISTANT_API_KEY"],
  });

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(emptyToUndefined(source));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid environment settings:\n${problems}`);
  }
  return parsed.data;
}

export function getEnv(): Env {
  cached ??= readEnv();
  return cached;
}

/** An empty `FOO=` line in a .env file means "not set", not "set to nothing". */
function emptyToUndefined(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(source).map(([key, value]) => [key, value === "" ? undefined : value]));
}
