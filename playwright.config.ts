import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#tests/setup/chromium";
import { baseURL, fakeAssistant, oidcTestProviders, PORT, SMTP_PORT } from "#tests/e2e/e2e-ports";

// Workers inherit the environment, so the server and every worker share one fresh data folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "numberlab-e2e-"));

const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
const CPU_BOUND_SPECS = /(factorization|several-instances)\.spec\.ts$/;
const REAL_TIME_SPECS = /plot-video\.spec\.ts$/;
/** Journeys that sign in administrators of their own, which admin-users.spec.ts must never see. */
const OWN_ADMIN_SPECS = /admin-push\.spec\.ts$/;
/** Journeys that change what every visitor sees (feature switches, the banner, free chapters). */
const GLOBAL_SETTINGS_SPECS = /(^|\/)settings\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
  // A hang guard, not a speed check: two workers, two browsers and the server share two cores.
  timeout: 60_000,
  // Also a wait, not a speed check: under that load a page can take more than the default 5 s to
  // hydrate, and some assertions wait for what hydration does (the sign-up marker leaving the address).
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Recording a trace doubles a journey's time on two cores, and CI keeps only the printed output.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
    // The offline worker would answer the page's requests, out of page.route()'s reach, and save 13
    // tool pages in every fresh context: journeys about it opt in with test.use({ serviceWorkers: "allow" }).
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "chromium",
      testIgnore: [CPU_BOUND_SPECS, REAL_TIME_SPECS, OWN_ADMIN_SPECS, GLOBAL_SETTINGS_SPECS],
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions },
    },
    {
      // The factorization journeys keep every core busy (one task worker per core), and the
      // several-instances tests load three servers of their own: run them after the rest, so they
      // never starve another test of CPU time.
      name: "chromium-cpu-bound",
      testMatch: CPU_BOUND_SPECS,
      dependencies: ["chromium"],
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions },
    },
    {
      // The "last administrator" journeys of admin-users.spec.ts count the administrators: these run
      // after them, beside the factorization journeys (they hardly use the CPU).
      name: "chromium-own-admins",
      testMatch: OWN_ADMIN_SPECS,
      dependencies: ["chromium"],
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions },
    },
    {
      // Sign-up, analytics, the banner and a chapter's access are switched for everyone: after the
      // journeys that rely on them, beside the factorization and admin-push ones, which use none of them.
      name: "chromium-settings",
      testMatch: GLOBAL_SETTINGS_SPECS,
      dependencies: ["chromium"],
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions },
    },
    {
      // Recording a video in real time needs the cores free: alone, after everything else.
      name: "chromium-real-time",
      testMatch: REAL_TIME_SPECS,
      dependencies: ["chromium-cpu-bound", "chromium-own-admins", "chromium-settings"],
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions },
    },
  ],
  webServer: {
    command: "node --import tsx server/index.ts",
    // Also served without APP_URL: 127.0.0.1 is a loopback name too.
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Each test sends its own X-Forwarded-For, so rate limits of one test never reach another.
      TRUST_PROXY: "loopback",
      LOG_REQUESTS: "false",
      // The mail sink that global-setup.ts starts.
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // The content assistant asks the local endpoint that global-setup.ts starts.
      ASSISTANT_BASE_URL: fakeAssistant.baseUrl,
      ASSISTANT_API_KEY: fakeAssistant.apiKey,
      ASSISTANT_MODEL: fakeAssistant.model,
      OIDC_PROVIDERS: Object.keys(oidcTestProviders).join(","),
      ...Object.fromEntries(
        Object.entries(oidcTestProviders).flatMap(([id, provider]) =>
          Object.entries({
            NAME: provider.name,
            ISSUER: provider.issuer,
            CLIENT_ID: provider.clientId,
            CLIENT_SECRET: provider.clientSecret,
          }).map(([key, value]) => [`OIDC_${id.toUpperCase()}_${key}`, value]),
        ),
      ),
    },
  },
});
