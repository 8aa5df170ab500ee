import { request, type FullConfig } from "@playwright/test";
import { migrateToLatest, openDatabase } from "#database/connection";
import { createUser } from "#app/models/user.server";
import { grantComplimentaryPremium } from "#app/models/complimentary-grant.server";
import { hashPassword } from "#app/auth/password.server";
import { ASSISTANT_PORT, fakeAssistant, OIDC_PORT, oidcTestProviders, SMTP_PORT } from "./e2e-ports";
import { startFakeOpenAiServer } from "../setup/fake-openai-server";
import { startOidcTestProvider } from "../setup/oidc-test-provider";
import { accounts, PASSWORD, storageStatePath, uniqueClientIp, type SignedInRole } from "./accounts";
import { startMailSink } from "./mail-sink";

/** The premium account's complimentary premium outlasts any run of the journeys. */
const PREMIUM_UNTIL = "2999-01-01T00:00:00.000Z";

/**
 * Starts the SMTP sink, the OpenID provider ("local") and the content
 * assistant's OpenAI-compatible endpoint that the server talks to, creates
 * one account per role in the server's database, then signs each in through
 * the real login form and keeps its cookies for the tests.
 * Returns the teardown.
 */
export default async function globalSetup(config: FullConfig) {
  const stopMailSink = await startMailSink(SMTP_PORT);
  const { clientId, clientSecret } = oidcTestProviders.local;
  const oidcProvider = await startOidcTestProvider({
    port: OIDC_PORT,
    clientId,
    clientSecret,
    redirectUris: [`${String(config.projects[0]?.use.baseURL)}/auth/oidc/local/callback`],
  });
  // The content assistant's endpoint: answers chosen by markers in each request's instructions.
  const assistantEndpoint = await startFakeOpenAiServer({
    port: ASSISTANT_PORT,
    apiKey: fakeAssistant.apiKey,
    models: [fakeAssistant.model],
  });
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set");
  const baseURL = String(config.projects[0]?.use.baseURL);

  const { db, close } = openDatabase({ dataDir });
  try {
    await migrateToLatest(db);
    const passwordHash = await hashPassword(PASSWORD);
    await createUser(db, { email: accounts.user, passwordHash });
    const premium = await createUser(db, { email: accounts.premium, passwordHash });
    await grantComplimentaryPremium(db, null, premium, {
      until: PREMIUM_UNTIL,
      reason: "The journeys' premium account",
    });
    await createUser(db, { email: accounts.admin, passwordHash, role: "admin" });
  } finally {
    await close();
  }

  for (const role of Object.keys(accounts) as SignedInRole[]) {
    const context = await request.newContext({
      baseURL,
      extraHTTPHeaders: { Origin: baseURL, "X-Forwarded-For": uniqueClientIp() },
    });
    const response = await context.post("/login", {
      form: { intent: "login", email: accounts[role], password: PASSWORD, redirectTo: "/profile" },
      maxRedirects: 0,
    });
    if (response.status() !== 302) {
      throw new Error(`Logging in as ${role} answered ${response.status()}: ${await response.text()}`);
    }
    await context.storageState({ path: storageStatePath(role) });
    await context.dispose();
  }
  return async () => {
    await stopMailSink();
    await oidcProvider.close();
    await assistantEndpoint.close();
  };
}
