import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { readOidcProviders } from "../auth/oidc-config.server";
import type { Env } from "../utils/env.server";

/**
 * What the diagnostics lab (/tests/test) says about each third party's settings: whether and how it is
 * configured, never a secret. Each reader takes the settings it looks at, so tests can hand it secrets
 * and check that none comes out. Passwords, client secrets, private keys and API keys are not read
 * into the results at all: a field that could hold one is not there to leak.
 */

export type MailConfiguration =
  | {
      mode: "smtp";
      /** smtps:// (TLS from the start) or smtp:// (STARTTLS when the server offers it). */
      protocol: "smtp" | "smtps";
      host: string;
      /** The port named in SMTP_URL, or null for the protocol's default. */
      port: number | null;
      /** SMTP_URL names a user (and so a password): said, not shown. */
      signsIn: boolean;
      from: string;
    }
  | { mode: "outbox"; from: string };

export function mailConfiguration(env: Pick<Env, "SMTP_URL" | "MAIL_FROM">): MailConfiguration {
  if (!env.SMTP_URL) return { mode: "outbox", from: env.MAIL_FROM };
  const url = new URL(env.SMTP_URL);
  return {
    mode: "smtp",
    protocol: url.protocol.toLowerCase() === "smtps:" ? "smtps" : "smtp",
    host: url.hostname,
    port: url.port === "" ? null : Number(url.port),
    signsIn: url.username !== "",
    from: env.MAIL_FROM,
  };
}

export interface OidcConfiguration {
  providers: { id: string; name: string; issuer: string }[];
  /** Why third-party sign-in is off despite OIDC_PROVIDERS, naming the settings at fault (never their values). */
  problem: string | null;
}

export function oidcConfiguration(source: Record<string, string | undefined>): OidcConfiguration {
  try {
    const providers = readOidcProviders(source).map(({ id, name, issuer }) => ({ id, name, issuer }));
    return { providers, problem: null };
  } catch (error) {
    return { providers: [], problem: error instanceof Error ? error.message : String(error) };
  }
}

/** The file push's generated key pair is kept in (app/push/vapid-keys.server.ts). */
const VAPID_KEYS_FILE = "vapid-keys.json";

export interface PushConfiguration {
  /** environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; generated: the pair kept in DATA_DIR; none yet. */
  keys: "environment" | "generated" | "none";
  /** The public key (browsers are given it anyway), so an admin can compare instances. */
  publicKey: string | null;
  /** Who push services may contact: VAPID_SUBJECT, or the site's address. */
  subject: string;
  subjectSource: "VAPID_SUBJECT" | "site address";
  /** Push started with the server (it may not, and the rest of the site works on). */
  running: boolean;
}

export function pushConfiguration(
  env: Pick<Env, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT" | "DATA_DIR">,
  { publicOrigin, running }: { publicOrigin: string; running: boolean },
): PushConfiguration {
  const subject = env.VAPID_SUBJECT ?? publicOrigin.replace(/^http:/, "https:");
  const subjectSource = env.VAPID_SUBJECT ? "VAPID_SUBJECT" : "site address";
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { keys: "environment", publicKey: env.VAPID_PUBLIC_KEY, subject, subjectSource, running };
  }
  return { ...generatedPublicKey(path.join(env.DATA_DIR, VAPID_KEYS_FILE)), subject, subjectSource, running };
}

/** Only the public half of the kept pair is read out of the file. */
function generatedPublicKey(file: string): Pick<PushConfiguration, "keys" | "publicKey"> {
  if (!existsSync(file)) return { keys: "none", publicKey: null };
  try {
    const { publicKey } = JSON.parse(readFileSync(file, "utf8")) as { publicKey?: unknown };
    return { keys: "generated", publicKey: typeof publicKey === "string" ? publicKey : null };
  } catch {
    return { keys: "generated", publicKey: null };
  }
}

export type PaymentConfiguration =
  | {
      provider: "stripe";
      /** live: real money; test: Stripe's test mode (its test cards). */
      mode: "live" | "test";
      /** sk_…: a secret key; rk_…: a restricted one. */
      key: "secret" | "restricted";
      /** The host of STRIPE_API_URL, a local stand-in of Stripe's API, or null for Stripe itself. */
      apiHost: string | null;
    }
  | { provider: "test-mode" };

export function paymentConfiguration(
  env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL">,
): PaymentConfiguration {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return { provider: "test-mode" };
  return {
    provider: "stripe",
    mode: /^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY) ? "live" : "test",
    key: env.STRIPE_SECRET_KEY.startsWith("rk_") ? "restricted" : "secret",
    apiHost: env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL).host : null,
  };
}
