import { beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { actionResult, cookieJar, formPost, requestContext } from "#tests/setup/action-result";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { createUser } from "#app/models/user.server";
import { hashPassword } from "#app/auth/password.server";
import { passwordGuessesPerAccount } from "#app/http/rate-limits.server";

vi.stubEnv("SESSION_SECRET", "a session secret for the login tests, long enough");
const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { action } = await import("./login");

const PASSWORD = "the owner's own passphrase";
const BAD_CREDENTIALS = "The e-mail address or password is incorrect.";

describe.each(testDialects)("logging in on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let passwordHash: string;
  beforeAll(async () => {
    passwordHash = await hashPassword(PASSWORD);
  });

  let count = 0;
  async function newAccount(): Promise<string> {
    current.handle = database;
    count += 1;
    const email = `login-${count}@example.org`;
    await createUser(database.db, { email, passwordHash });
    return email;
  }
  let ipCount = 0;
  const newIp = () => `203.0.113.${(ipCount += 1) % 250}`;

  async function logIn(
    email: string,
    password: string,
    { ip = newIp(), cookie }: { ip?: string; cookie?: string } = {},
  ) {
    current.handle = database;
    const request = formPost("http://localhost:3000/login", { intent: "login", email, password }, cookie);
    const answer = await actionResult(await action({ request, context: requestContext(ip), params: {} } as never));
    const form = (answer.data as { errors?: { form?: string } } | undefined)?.errors?.form;
    return { ...answer, form, retryAfter: answer.headers.get("Retry-After") };
  }

  /** Wrong passwords from a new client address each, as an attacker elsewhere sends them. */
  async function attack(email: string, guesses: number) {
    const answers = [];
    for (let guess = 0; guess < guesses; guess += 1) answers.push(await logIn(email, `guess number ${guess}`));
    return answers;
  }

  it("lets the owner in with the right password on their own device after an attacker's failures", async () => {
    const email = await newAccount();
    const signedIn = await logIn(email, PASSWORD);
    expect(signedIn.status).toBe(302);
    const device = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith("device="));
    expect(device).toMatch(/; Max-Age=31536000;.*HttpOnly/);
    expect(device).toMatch(/SameSite=Strict/);

    const attacked = await attack(email, passwordGuessesPerAccount.freeAttempts + 2);
    const statuses = attacked.map((answer) => answer.status);
    expect(statuses.slice(0, passwordGuessesPerAccount.freeAttempts)).toEqual(
      Array(passwordGuessesPerAccount.freeAttempts).fill(401),
    );
    // Then the attacker is slowed down, told how long to wait.
    expect(statuses.at(-1)).toBe(429);
    expect(attacked.at(-1)!.retryAfter).toMatch(/^[12]$/);
    expect(attacked.at(-1)!.form).toContain("Too many wrong passwords were tried for this e-mail address");

    const owner = await logIn(email, PASSWORD, { cookie: cookieJar(signedIn) });
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Location")).toBe("/profile");
  });

  it("lets the owner in on a new device once the wait is over, and slows the attacker more with each failure", async () => {
    testClock.set("2030-05-01T09:00:00Z");
    const email = await newAccount();
    await attack(email, passwordGuessesPerAccount.freeAttempts);
    const waits: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const refused = await logIn(email, "another guess");
      expect(refused.status).toBe(429);
      waits.push(Number(refused.retryAfter));
      testClock.advance(Number(refused.retryAfter) * 1000);
      expect((await logIn(email, "another guess")).status).toBe(401);
    }
    expect(waits).toEqual([2, 4, 8, 16]);

    const tooSoon = await logIn(email, PASSWORD);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.form).toContain("please wait 32 seconds");
    testClock.advance(32_000);
    expect((await logIn(email, PASSWORD)).status).toBe(302);
  });

  it("answers an unknown address like a registered one, slow-downs included", async () => {
    const email = await newAccount();
    const unknown = `nobody-${count}@example.org`;
    const [registered, unregistered] = [
      await attack(email, passwordGuessesPerAccount.freeAttempts + 1),
      await attack(unknown, passwordGuessesPerAccount.freeAttempts + 1),
    ];
    const shape = (answers: { status: number; form?: string }[]) => answers.map(({ status, form }) => [status, form]);
    expect(shape(unregistered)).toEqual(shape(registered));
    expect(registered[0]!.form).toBe(BAD_CREDENTIALS);
  });

  it("does not trust a device cookie it did not sign, or one made for another account", async () => {
    const email = await newAccount();
    const other = await logIn(await newAccount(), PASSWORD);
    const forged = `device=${Buffer.from(JSON.stringify([{ userId: "anyone", deviceId: "d" }])).toString("base64")}`;
    await attack(email, passwordGuessesPerAccount.freeAttempts);
    expect((await logIn(email, PASSWORD, { cookie: forged })).status).toBe(429);
    expect((await logIn(email, PASSWORD, { cookie: cookieJar(other) })).status).toBe(429);
  });

  it("lets many learners behind one address sign in (a class behind NAT)", async () => {
    const classroom = newIp();
    for (let learner = 0; learner < 40; learner += 1) {
      const email = await newAccount();
      expect((await logIn(email, PASSWORD, { ip: classroom })).status, `learner ${learner}`).toBe(302);
    }
  });
});
