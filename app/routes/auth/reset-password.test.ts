import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { actionResult, formPost, requestContext } from "#tests/setup/action-result";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { createUser } from "#app/models/user.server";
import { rateLimits } from "#app/http/rate-limits.server";

const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const resetPassword = await import("./reset-password");
const emailLink = await import("./email-link");

describe.each(testDialects)("the budgets of e-mailed links on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  // Without SMTP settings each mail is also written to standard output.
  beforeAll(() => void vi.spyOn(process.stdout, "write").mockReturnValue(true));
  afterAll(() => vi.restoreAllMocks());

  let count = 0;
  async function newAccount(): Promise<string> {
    current.handle = database;
    count += 1;
    const email = `links-${count}@example.org`;
    await createUser(database.db, { email, passwordHash: null });
    return email;
  }

  async function askReset(email: string, ip: string) {
    const request = formPost("http://localhost:3000/reset-password", { email });
    return (
      await actionResult(await resetPassword.action({ request, context: requestContext(ip), params: {} } as never))
    ).status;
  }
  async function askSignInLink(email: string, ip: string) {
    const request = formPost("http://localhost:3000/login/email-link", { intent: "request", email });
    return (await actionResult(await emailLink.action({ request, context: requestContext(ip), params: {} } as never)))
      .status;
  }

  it("keeps asking for sign-in links open after the reset links of an address are used up, and the other way round", async () => {
    const first = await newAccount();
    const resets = [];
    for (let i = 0; i <= rateLimits.resetLinkPerEmail.limit; i += 1) resets.push(await askReset(first, `192.0.2.${i}`));
    expect(resets.at(-1)).toBe(429);
    expect(await askSignInLink(first, "192.0.2.100")).toBe(200);

    const second = await newAccount();
    const links = [];
    for (let i = 0; i <= rateLimits.signInLinkPerEmail.limit; i += 1) {
      links.push(await askSignInLink(second, `192.0.2.${i + 10}`));
    }
    expect(links.at(-1)).toBe(429);
    expect(await askReset(second, "192.0.2.101")).toBe(200);
  });

  it("counts the two per client address apart too", async () => {
    const ip = "198.51.100.77";
    const statuses = [];
    for (let i = 0; i <= rateLimits.resetLinkPerIp.limit; i += 1) statuses.push(await askReset(await newAccount(), ip));
    expect(statuses.at(-1)).toBe(429);
    expect(await askSignInLink(await newAccount(), ip)).toBe(200);
  });
});
