import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import type { KnownDevice } from "./device-cookie.server";
import { slowedDownMessage, startPasswordAttempt, type PasswordAttempt } from "./password-attempts.server";
import { passwordGuessesPerAccount, rateLimits, tooManyAttemptsMessage } from "../http/rate-limits.server";

const START = new Date("2030-03-01T08:00:00.000Z");
const at = (seconds: number) => new Date(START.getTime() + seconds * 1000);

describe.each(testDialects)("password attempts on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let count = 0;

  /** An account no other test uses, with the browser its owner signed in on. */
  function newAccount() {
    count += 1;
    const accountId = `account-${count}`;
    const ownerDevice: KnownDevice = { userId: accountId, deviceId: `device-${count}` };
    return { email: `owner-${count}@example.org`, accountId, ownerDevice };
  }
  let ipCount = 0;
  const newIp = () => `198.51.100.${(ipCount += 1)}`;

  /** An attempt with the clock at `now`. */
  function attempt(
    input: { email: string; accountId: string | null; clientIp?: string; knownDevices?: KnownDevice[] },
    now: Date,
  ): Promise<PasswordAttempt> {
    testClock.set(now);
    return startPasswordAttempt(database.db, {
      clientIp: newIp(),
      knownDevices: [],
      ...input,
      email: input.email,
      accountId: input.accountId,
    });
  }

  /** `failures` wrong passwords, each from a client address of its own, at `now`. */
  async function attack(account: { email: string; accountId: string }, failures: number, now: Date) {
    const answers: PasswordAttempt[] = [];
    for (let i = 0; i < failures; i += 1) answers.push(await attempt(account, now));
    return answers;
  }

  it("lets the owner's known device try at once after an attacker's many failures", async () => {
    const account = newAccount();
    const answers = await attack(account, passwordGuessesPerAccount.freeAttempts + 5, at(0));
    expect(answers.filter((answer) => !answer.allowed)).toHaveLength(5);
    const owner = await attempt({ ...account, knownDevices: [account.ownerDevice] }, at(1));
    expect(owner.allowed).toBe(true);
  });

  it("slows an attacker down progressively, telling how long to wait, and lets a new device in after the wait", async () => {
    const account = newAccount();
    await attack(account, passwordGuessesPerAccount.freeAttempts, at(0));
    let now = at(0);
    const waits: number[] = [];
    for (let failure = 0; failure < 12; failure += 1) {
      const refused = await attempt(account, now);
      if (refused.allowed) throw new Error("expected a wait");
      expect(refused.message).toBe(slowedDownMessage(refused.retryAfterSeconds));
      waits.push(refused.retryAfterSeconds);
      now = new Date(now.getTime() + refused.retryAfterSeconds * 1000);
      // After the wait one more guess is checked, and fails.
      expect((await attempt(account, now)).allowed).toBe(true);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    expect(slowedDownMessage(8)).toContain("please wait 8 seconds before trying again");
    expect(slowedDownMessage(900)).toContain("please wait 15 minutes before trying again");

    // The owner on a new device waits out the current delay, then the right password lets them in.
    const owner = await attempt(account, now);
    expect(owner).toMatchObject({ allowed: false, retryAfterSeconds: 900 });
    const later = new Date(now.getTime() + 900 * 1000);
    const allowed = await attempt(account, later);
    if (!allowed.allowed) throw new Error("expected the owner to be let through");
    await allowed.succeeded();
    // Success starts the count again: the next attempts are free.
    expect((await attempt(account, later)).allowed).toBe(true);
  });

  it("answers an unknown address exactly as a registered one, so waits reveal no account", async () => {
    const known = newAccount();
    const unknown = { email: `nobody-${count}@example.org`, accountId: null };
    const sequence = async (input: { email: string; accountId: string | null }) => {
      const answers = [];
      for (let i = 0; i < passwordGuessesPerAccount.freeAttempts + 3; i += 1) {
        const answer = await attempt(input, at(i * 0.5));
        answers.push(answer.allowed ? "checked" : `${answer.retryAfterSeconds}s: ${answer.message}`);
      }
      return answers;
    };
    expect(await sequence(unknown)).toEqual(await sequence(known));
  });

  it("limits a known device on its own: its failures neither lock the account elsewhere nor other devices", async () => {
    const account = newAccount();
    const rule = rateLimits.passwordAttemptsPerDevice;
    const fromDevice = async (device: KnownDevice) =>
      attempt({ ...account, knownDevices: [{ userId: "someone-else", deviceId: "x" }, device] }, at(10));
    for (let i = 0; i < rule.limit; i += 1) expect((await fromDevice(account.ownerDevice)).allowed).toBe(true);
    const blocked = await fromDevice(account.ownerDevice);
    if (blocked.allowed) throw new Error("expected the device to be limited");
    expect(blocked.message).toBe(tooManyAttemptsMessage(blocked.retryAfterSeconds));
    expect((await fromDevice({ userId: account.accountId, deviceId: "the owner's phone" })).allowed).toBe(true);
    expect((await attempt(account, at(10))).allowed).toBe(true);
  });

  it("treats a device known for another account as unknown", async () => {
    const account = newAccount();
    const other = newAccount();
    await attack(account, passwordGuessesPerAccount.freeAttempts, at(0));
    expect((await attempt({ ...account, knownDevices: [other.ownerDevice] }, at(0))).allowed).toBe(false);
    // An unknown address has no account, so no device is ever known for it.
    expect(
      (
        await attempt(
          { email: `ghost-${count}@example.org`, accountId: null, knownDevices: [other.ownerDevice] },
          at(0),
        )
      ).allowed,
    ).toBe(true);
  });

  it("does not block a class signing in from one address (NAT)", async () => {
    const classroom = newIp();
    const { limit } = rateLimits.passwordFailuresPerIp;
    // More right passwords than the limit of failures, one learner in four mistyping once first.
    for (let learner = 0; learner < limit + 20; learner += 1) {
      const account = newAccount();
      if (learner % 4 === 0) {
        expect((await attempt({ ...account, clientIp: classroom }, at(learner))).allowed, `typo ${learner}`).toBe(true);
      }
      const right = await attempt({ ...account, clientIp: classroom }, at(learner));
      if (!right.allowed) throw new Error(`learner ${learner} was refused: ${right.message}`);
      await right.succeeded();
    }
  });

  it("stops one address spraying guesses over many accounts, counting failures only", async () => {
    const sprayer = newIp();
    const { limit } = rateLimits.passwordFailuresPerIp;
    for (let i = 0; i < limit; i += 1) {
      expect((await attempt({ ...newAccount(), clientIp: sprayer }, at(0))).allowed, `guess ${i}`).toBe(true);
    }
    const refused = await attempt({ ...newAccount(), clientIp: sprayer }, at(1));
    expect(refused).toMatchObject({ allowed: false, message: expect.stringContaining("Too many attempts") });
  });
});
