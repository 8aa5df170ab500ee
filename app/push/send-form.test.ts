import { describe, expect, it } from "vitest";
import { PUSH_BODY_MAX_LENGTH, PUSH_TITLE_MAX_LENGTH, PUSH_URL_MAX_LENGTH } from "#app/models/push-vocabulary";
import { readSendDraft, readSendPlan, readSitePath } from "./send-form";

const SITE = "https://numberlab.example";
const NOW = new Date("2030-03-10T12:00:00.000Z");
const draft = { title: "New chapter", body: "Periods and primes is out.", url: "/chapter", topic: "new-content" };

describe("readSitePath", () => {
  it("keeps a path on this site with its query and fragment, and turns this site's full address into its path", () => {
    expect(readSitePath("/chapter/periods-and-primes?step=2#quiz", SITE)).toEqual({
      path: "/chapter/periods-and-primes?step=2#quiz",
    });
    expect(readSitePath("  /prime-discoveries  ", SITE)).toEqual({ path: "/prime-discoveries" });
    expect(readSitePath("https://numberlab.example/profile#notifications", SITE)).toEqual({
      path: "/profile#notifications",
    });
    // Dot segments are resolved as the browser would, and stay on the site.
    expect(readSitePath("/a/../../b", SITE)).toEqual({ path: "/b" });
  });

  it("refuses other sites, protocol-relative addresses, schemes, relative paths, spaces and long links", () => {
    const refusals: [unknown, RegExp][] = [
      ["", /Enter the page it opens/],
      [undefined, /Enter the page it opens/],
      [["/a", "/b"], /Enter the page it opens/],
      ["https://evil.example/chapter", /Other sites and schemes are refused/],
      ["http://numberlab.example/chapter", /Other sites and schemes are refused/],
      ["javascript:alert(1)", /Other sites and schemes are refused/],
      ["JavaScript:alert(1)", /Other sites and schemes are refused/],
      ["data:text/html,hi", /Other sites and schemes are refused/],
      ["mailto:ada@example.org", /Other sites and schemes are refused/],
      ["//evil.example/x", /Other sites are refused/],
      ["/\\evil.example/x", /Other sites are refused/],
      ["chapter/periods", /^Start the path with \/, like \/chapter\/periods\.$/],
      ["/a b", /no spaces/],
      ["/a\tb", /no spaces/],
      ["/a\u0000b", /no spaces/],
      [`/${"x".repeat(PUSH_URL_MAX_LENGTH)}`, new RegExp(`At most ${PUSH_URL_MAX_LENGTH} characters`)],
    ];
    for (const [value, message] of refusals) {
      const read = readSitePath(value, SITE);
      expect(read, JSON.stringify(value)).toHaveProperty("error");
      expect("error" in read && read.error, JSON.stringify(value)).toMatch(message);
    }
    expect(readSitePath(`/${"x".repeat(PUSH_URL_MAX_LENGTH - 1)}`, SITE)).toHaveProperty("path");
  });
});

describe("readSendDraft", () => {
  it("reads a notification, trimmed", () => {
    expect(readSendDraft({ ...draft, title: "  New chapter  " }, SITE)).toEqual({
      ok: true,
      value: { title: "New chapter", body: "Periods and primes is out.", url: "/chapter", topic: "new-content" },
    });
  });

  it("gives each field its own message, all at once", () => {
    expect(readSendDraft({ title: " ", body: "", url: "https://evil.example", topic: "spam" }, SITE)).toEqual({
      ok: false,
      errors: {
        title: "Enter a title.",
        body: "Enter the message.",
        url: expect.stringMatching(/Other sites/),
        topic: "Choose one of the topics.",
      },
    });
    expect(readSendDraft({}, SITE)).toMatchObject({
      ok: false,
      errors: { title: "Enter a title.", body: "Enter the message.", topic: "Choose one of the topics." },
    });
  });

  it("refuses a title or body over its limit, and a field sent twice", () => {
    const long = readSendDraft(
      { ...draft, title: "t".repeat(PUSH_TITLE_MAX_LENGTH + 1), body: "b".repeat(PUSH_BODY_MAX_LENGTH + 1) },
      SITE,
    );
    expect(long).toEqual({
      ok: false,
      errors: {
        title: `At most ${PUSH_TITLE_MAX_LENGTH} characters (browsers cut longer ones).`,
        body: `At most ${PUSH_BODY_MAX_LENGTH} characters (browsers cut longer ones).`,
      },
    });
    const exact = readSendDraft(
      { ...draft, title: "t".repeat(PUSH_TITLE_MAX_LENGTH), body: "b".repeat(PUSH_BODY_MAX_LENGTH) },
      SITE,
    );
    expect(exact.ok).toBe(true);
    expect(readSendDraft({ ...draft, title: ["a", "b"] }, SITE)).toEqual({
      ok: false,
      errors: { title: "Enter a title." },
    });
  });
});

describe("readSendPlan", () => {
  const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

  it("reads now, a time ahead (any offset, given as UTC) and one account's address in lower case", () => {
    expect(readSendPlan({ audience: "subscribers", when: "now", scheduledFor: "" }, NOW)).toEqual({
      ok: true,
      value: { audience: "subscribers", email: null, scheduledFor: null },
    });
    expect(
      readSendPlan({ audience: "premium", when: "later", scheduledFor: "2030-03-10T14:30:00+01:00" }, NOW),
    ).toEqual({ ok: true, value: { audience: "premium", email: null, scheduledFor: "2030-03-10T13:30:00.000Z" } });
    expect(readSendPlan({ audience: "user", email: "  Ada@Example.ORG ", when: "now" }, NOW)).toEqual({
      ok: true,
      value: { audience: "user", email: "ada@example.org", scheduledFor: null },
    });
    // An address typed for another audience is not read.
    expect(readSendPlan({ audience: "free", email: "not an address", when: "now" }, NOW)).toMatchObject({ ok: true });
  });

  it("accepts a minute in the past and exactly a year ahead, and refuses beyond either", () => {
    const plan = (scheduledFor: string) => readSendPlan({ audience: "free", when: "later", scheduledFor }, NOW);
    expect(plan(at(-60_000)).ok).toBe(true);
    expect(plan(at(-60_001))).toEqual({
      ok: false,
      errors: {
        scheduledFor: "This time has passed (it is 2030-03-10 12:00 UTC now): choose a later one, or send it now.",
      },
    });
    expect(plan(at(365 * 24 * 60 * 60 * 1000)).ok).toBe(true);
    expect(plan(at(365 * 24 * 60 * 60 * 1000 + 1))).toEqual({
      ok: false,
      errors: { scheduledFor: "At most a year ahead: 2031-03-10 12:00 UTC at the latest." },
    });
  });

  it("refuses an unknown audience or timing, a missing or malformed time, and a missing or invalid address", () => {
    expect(readSendPlan({ audience: "everyone", when: "soon" }, NOW)).toEqual({
      ok: false,
      errors: { audience: "Choose who receives it.", when: "Choose to send it now or at a time." },
    });
    for (const scheduledFor of [undefined, "", "2030-03-11 10:00", "2030-03-11T10:00", "tomorrow"]) {
      expect(readSendPlan({ audience: "free", when: "later", scheduledFor }, NOW), String(scheduledFor)).toEqual({
        ok: false,
        errors: { scheduledFor: "Choose the date and time it goes out." },
      });
    }
    expect(readSendPlan({ audience: "user", when: "now", email: "" }, NOW)).toEqual({
      ok: false,
      errors: { email: "Enter the e-mail address of the account." },
    });
    expect(readSendPlan({ audience: "user", when: "now", email: "ada" }, NOW)).toEqual({
      ok: false,
      errors: { email: "Enter a valid e-mail address, like name@example.com." },
    });
    expect(
      readSendPlan({ audience: "user", when: "later", email: "ada", scheduledFor: at(-3_600_000) }, NOW),
    ).toMatchObject({ ok: false, errors: { email: expect.any(String), scheduledFor: expect.any(String) } });
  });
});
