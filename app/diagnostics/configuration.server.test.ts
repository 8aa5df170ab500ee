import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SECRETS, secretsIn, VAPID_PUBLIC_KEY } from "#tests/setup/diagnostic-secrets";
import { readEnv } from "../utils/env.server";
import { mailConfiguration, oidcConfiguration, paymentConfiguration, pushConfiguration } from "./configuration.server";

const expectNoSecret = (value: unknown) => expect(secretsIn(value)).toEqual([]);

describe("the mail settings as the diagnostics show them", () => {
  it("names the server, its encryption and whether it signs in, never the password", () => {
    const env = readEnv({
      SMTP_URL: `smtps://mailer%40example.org:${SECRETS.smtpPassword}@smtp.example.org:465`,
      MAIL_FROM: "Numberlab <hello@example.org>",
    });
    const mail = mailConfiguration(env);
    expect(mail).toEqual({
      mode: "smtp",
      protocol: "smtps",
      host: "smtp.example.org",
      port: 465,
      signsIn: true,
      from: "Numberlab <hello@example.org>",
    });
    expectNoSecret(mail);
    // The user name is not shown either.
    expect(JSON.stringify(mail)).not.toContain("mailer");
  });

  it("reads a server without a user or port, and the outbox without a server", () => {
    expect(mailConfiguration(readEnv({ SMTP_URL: "smtp://127.0.0.1" }))).toMatchObject({
      protocol: "smtp",
      host: "127.0.0.1",
      port: null,
      signsIn: false,
    });
    expect(mailConfiguration(readEnv({}))).toEqual({ mode: "outbox", from: "Numberlab <no-reply@localhost>" });
  });
});

describe("the OpenID providers as the diagnostics show them", () => {
  it("lists each provider's id, name and issuer, never its client id or secret", () => {
    const oidc = oidcConfiguration({
      OIDC_PROVIDERS: "google, school-id",
      OIDC_GOOGLE_ISSUER: "https://accounts.google.com",
      OIDC_GOOGLE_CLIENT_ID: "google-client-id-visible-nowhere",
      OIDC_GOOGLE_CLIENT_SECRET: SECRETS.oidcClientSecret,
      OIDC_SCHOOL_ID_ISSUER: "https://id.school.example",
      OIDC_SCHOOL_ID_CLIENT_ID: "school",
      OIDC_SCHOOL_ID_CLIENT_SECRET: `${SECRETS.oidcClientSecret}-2`,
      OIDC_SCHOOL_ID_NAME: "School ID",
    });
    expect(oidc).toEqual({
      providers: [
        { id: "google", name: "Google", issuer: "https://accounts.google.com" },
        { id: "school-id", name: "School ID", issuer: "https://id.school.example" },
      ],
      problem: null,
    });
    expectNoSecret(oidc);
    expect(JSON.stringify(oidc)).not.toContain("google-client-id-visible-nowhere");
  });

  it("names the settings at fault when they are invalid, without their values", () => {
    const oidc = oidcConfiguration({
      OIDC_PROVIDERS: "google",
      OIDC_GOOGLE_ISSUER: "not a url",
      OIDC_GOOGLE_CLIENT_SECRET: SECRETS.oidcClientSecret,
    });
    expect(oidc.providers).toEqual([]);
    expect(oidc.problem).toContain("OIDC_GOOGLE_ISSUER: must be the provider's issuer URL");
    expect(oidc.problem).toContain("OIDC_GOOGLE_CLIENT_ID: is required");
    expectNoSecret(oidc);
    expect(oidcConfiguration({})).toEqual({ providers: [], problem: null });
  });
});

describe("the push settings as the diagnostics show them", () => {
  let dataDir: string | undefined;
  afterEach(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });
  const site = { publicOrigin: "http://localhost:3000", running: true };

  it("shows a configured pair's public key and subject, never its private key", () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "numberlab-test-"));
    const env = readEnv({
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: SECRETS.vapidPrivateKey,
      VAPID_SUBJECT: "mailto:push@example.org",
    });
    const push = pushConfiguration(env, site);
    expect(push).toEqual({
      keys: "environment",
      publicKey: VAPID_PUBLIC_KEY,
      subject: "mailto:push@example.org",
      subjectSource: "VAPID_SUBJECT",
      running: true,
    });
    expectNoSecret(push);
  });

  it("reads only the public half of a generated pair, and says when none was made yet", () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "numberlab-test-"));
    const env = readEnv({ DATA_DIR: dataDir });
    expect(pushConfiguration(env, { ...site, running: false })).toEqual({
      keys: "none",
      publicKey: null,
      subject: "https://localhost:3000",
      subjectSource: "site address",
      running: false,
    });
    writeFileSync(
      path.join(dataDir, "vapid-keys.json"),
      JSON.stringify({ publicKey: VAPID_PUBLIC_KEY, privateKey: SECRETS.generatedPrivateKey }),
    );
    const push = pushConfiguration(env, site);
    expect(push).toMatchObject({ keys: "generated", publicKey: VAPID_PUBLIC_KEY });
    expectNoSecret(push);
    writeFileSync(path.join(dataDir, "vapid-keys.json"), "not json");
    expect(pushConfiguration(env, site)).toMatchObject({ keys: "generated", publicKey: null });
  });
});

describe("the payment settings as the diagnostics show them", () => {
  it("tells Stripe's live and test modes and key kinds apart, never showing a key", () => {
    const live = paymentConfiguration(
      readEnv({ STRIPE_SECRET_KEY: SECRETS.stripeKey, STRIPE_WEBHOOK_SECRET: SECRETS.webhookSecret }),
    );
    expect(live).toEqual({ provider: "stripe", mode: "live", key: "secret", apiHost: null });
    expectNoSecret(live);

    const local = paymentConfiguration(
      readEnv({
        STRIPE_SECRET_KEY: SECRETS.restrictedKey,
        STRIPE_WEBHOOK_SECRET: SECRETS.webhookSecret,
        STRIPE_API_URL: "http://127.0.0.1:12111",
      }),
    );
    expect(local).toEqual({ provider: "stripe", mode: "test", key: "restricted", apiHost: "127.0.0.1:12111" });
    expectNoSecret(local);
  });

  it("says the built-in test mode runs without keys", () => {
    expect(paymentConfiguration(readEnv({}))).toEqual({ provider: "test-mode" });
  });
});
