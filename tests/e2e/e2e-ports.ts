/** The ports and addresses the journeys' server and its local peers listen on (E2E_PORT moves them all). */
export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const SMTP_PORT = PORT + 1;
export const OIDC_PORT = PORT + 2;
/** The local OpenAI-compatible endpoint (tests/setup/fake-openai-server.ts) the content assistant asks. */
export const ASSISTANT_PORT = PORT + 4;
export const fakeAssistant = {
  baseUrl: `http://127.0.0.1:${ASSISTANT_PORT}/v1`,
  apiKey: "sk-e2e-assistant-key",
  model: "numberlab-e2e",
};
/** "local" is the OpenID provider global-setup.ts starts; "down" points at a loopback port nothing listens on. */
export const oidcTestProviders = {
  local: {
    name: "Local ID",
    issuer: `http://127.0.0.1:${OIDC_PORT}`,
    clientId: "numberlab-e2e",
    clientSecret: "e2e-secret",
  },
  down: {
    name: "Down ID",
    issuer: `http://127.0.0.1:${PORT + 3}`,
    clientId: "numberlab-e2e",
    clientSecret: "e2e-secret",
  },
};
/**
 * The server runs without APP_URL, as the default install does, so its public origin (the origin of
 * mailed links, the OpenID redirect and the passkeys' relying party) is http://localhost:PORT: the
 * tests browse there too. WebAuthn refuses an IP address as a relying party in any case.
 */
export const baseURL = `http://localhost:${PORT}`;
