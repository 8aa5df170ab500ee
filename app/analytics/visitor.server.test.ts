import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { testClock } from "#tests/setup/test-clock";
import { VisitorHasher, visitorHash } from "./visitor.server";

const IP = "203.0.113.42";
const AGENT = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0";

describe.each(testDialects)("visitors of the day on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const salts = () => database.db.selectFrom("analytics_salts").select(["day", "salt"]).orderBy("day").execute();

  it("hashes address and browser with a salt of the day that every instance shares, and forgets old salts", async () => {
    testClock.set("2030-01-02T23:59:00.000Z");
    // Two instances of the app on one database.
    const first = new VisitorHasher(database.db);
    const second = new VisitorHasher(database.db);
    const [a, b] = await Promise.all([first.visitorOf(IP, AGENT), second.visitorOf(IP, AGENT)]);
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(await salts()).toEqual([{ day: "2030-01-02", salt: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    const salt = (await salts())[0]!.salt;
    // The hash is the salted SHA-256, and nothing of the address or browser shows in it.
    expect(a).toBe(visitorHash(salt!, IP, AGENT));
    expect(a).not.toContain("203");
    expect(a).not.toContain("113");
    // Another address, or another browser at the same address, is another visitor.
    expect(await first.visitorOf("203.0.113.43", AGENT)).not.toBe(a);
    expect(await first.visitorOf(IP, `${AGENT} Edg/140`)).not.toBe(a);

    // The next day: a new salt, a new hash for the same person, and yesterday's salt is gone.
    testClock.set("2030-01-03T00:00:01.000Z");
    const tomorrow = await second.visitorOf(IP, AGENT);
    expect(tomorrow).not.toBe(a);
    expect((await salts()).map((row) => row.day)).toEqual(["2030-01-03"]);
    expect(await first.visitorOf(IP, AGENT)).toBe(tomorrow);
    expect((await salts())[0]!.salt).not.toBe(salt);
  });

  it("reads the salt once per day and instance", async () => {
    testClock.set("2030-02-01T08:00:00.000Z");
    const hasher = new VisitorHasher(database.db);
    const before = await hasher.visitorOf(IP, AGENT);
    // Changed behind its back: the cached salt of the day still stands (the row is never changed in use).
    await database.db
      .updateTable("analytics_salts")
      .set({ salt: "f".repeat(64) })
      .execute();
    expect(await hasher.visitorOf(IP, AGENT)).toBe(before);
    expect(await new VisitorHasher(database.db).visitorOf(IP, AGENT)).toBe(visitorHash("f".repeat(64), IP, AGENT));
  });
});
