import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import fc from "fast-check";
import { expect, test } from "@playwright/test";
import { migrateToLatest, openDatabase, SQLITE_FILE_NAME } from "#database/connection";
import { createUser } from "#app/models/user.server";
import { hashPassword } from "#app/auth/password.server";
import { MAX_BODY_BYTES } from "#server/body-limit";
import { manifestRoutes, fillPattern, type ActionRoute } from "./form-actions";
import { plausibleParams } from "./route-params";
import { EARLY_ANSWER_BYTES, rawRequest, type RawRequest } from "./raw-http";
import {
  bodies,
  BROWSER_AGENT,
  contentTypes,
  cuts,
  encode,
  headerSets,
  origins,
  queries,
  segments,
  URL_ENCODED,
} from "./request-arbitraries";
import { changedTables, tableSnapshots } from "./table-snapshots";
import { startServer, UNREACHABLE_OIDC_PROVIDER, type RunningServer } from "./server-process";

/**
 * Property-based fuzzing of every route of the built manifest (so a new route is
 * covered without a line here): random form, JSON and byte bodies to every action,
 * random addresses, queries and headers to every route, as a guest, a learner and
 * an administrator, on a server of its own whose SQLite database the test reads.
 * No answer may be 5xx, a refusal (4xx) may change no row, and the server must be
 * alive and healthy at the end. FUZZ_SEED reproduces a run; FUZZ_RUNS sets the
 * cases per route (twice as many are sent; run with a hundred and more locally to hunt).
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Cases per route and role are about RUNS × 2 / 3: the default keeps the file near a minute on two cores. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);

type Role = "guest" | "user" | "admin";
const ROLES: Role[] = ["guest", "user", "admin"];
const PASSWORD = "a password for the fuzzing";
const emailOf = (role: Exclude<Role, "guest">) => `fuzz-${role}@example.org`;
/** How long the app may go on with a request after its client stopped sending the body. */
const CUT_SETTLE_MS = 150;

/**
 * What may change while a request is refused, by table (every column) or table.column; the value is why.
 * Anything else changed by a 4xx answer is a bug.
 */
const MAY_CHANGE: Record<string, string> = {
  rate_limits: "refused attempts (a wrong password, a throttled form) are counted: that is the limit's purpose",
};

test.describe("fuzzing every route", () => {
  test.describe.configure({ mode: "serial" });
  // A hang guard for a server of its own and thousands of requests, growing with FUZZ_RUNS.
  test.setTimeout(60_000 + RUNS * 10_000);

  let server: RunningServer;
  let sqlite: SQLite.Database;
  let snapshot: () => Map<string, string>;
  let params: Record<string, string>;
  let routes: ActionRoute[];
  const cookies: Record<Role, string> = { guest: "", user: "", admin: "" };
  /** How many answers of each status the current test has had, to show the cases reach the app. */
  const statuses = new Map<number, number>();
  let clients = 0;
  const clientIp = () => {
    clients += 1;
    return `10.91.${Math.floor(clients / 250) % 250}.${clients % 250}`;
  };

  test.beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "numberlab-fuzz-"));
    const setup = openDatabase({ dataDir });
    await migrateToLatest(setup.db);
    const passwordHash = await hashPassword(PASSWORD);
    await createUser(setup.db, { email: emailOf("user"), passwordHash });
    const admin = await createUser(setup.db, { email: emailOf("admin"), passwordHash, role: "admin" });
    await setup.close();
    server = await startServer({
      DATA_DIR: dataDir,
      TRUST_PROXY: "loopback",
      ...UNREACHABLE_OIDC_PROVIDER,
    });
    // The server has imported the content by now: the parameters can name real chapters and sections.
    const { db, close } = openDatabase({ dataDir });
    params = await plausibleParams(db, admin.id);
    await close();
    await signIn("user");
    await signIn("admin");
    sqlite = new SQLite(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    snapshot = tableSnapshots(sqlite, MAY_CHANGE);

    routes = manifestRoutes();
    const patterns = routes.map((route) => route.pattern);
    // Read from the build, not written here: a new route is fuzzed without a line in this file.
    expect(patterns).toEqual(
      expect.arrayContaining(["/login", "/contact", "/api/factor", "/admin/content/:chapterId"]),
    );
    expect(routes.filter((route) => route.hasAction).length).toBeGreaterThanOrEqual(40);
    console.log(`Fuzzing with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
  });

  test.afterAll(async () => {
    sqlite?.close();
    await server?.stop();
  });

  async function signIn(role: Exclude<Role, "guest">) {
    const body = new URLSearchParams({ intent: "login", email: emailOf(role), password: PASSWORD }).toString();
    const response = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { "Content-Type": URL_ENCODED, Origin: server.url, "X-Forwarded-For": clientIp() },
      body,
      redirect: "manual",
    });
    cookies[role] = /(__session=[^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1] ?? "";
    expect(cookies[role], `${role} is signed in`).not.toBe("");
  }

  /** The words of a route's module: its intents, field names and values, cheaply a fuzzer's dictionary. */
  function dictionaryOf(route: ActionRoute): string[] {
    const file = [".tsx", ".ts"].map((extension) => `app/${route.id}${extension}`).find((name) => existsSync(name));
    const source = file ? readFileSync(file, "utf8") : "";
    const words = new Set(["intent", "redirectTo", "email", "password", "id", ...Object.values(params)]);
    for (const match of source.matchAll(/["'`]([A-Za-z_][\w.-]{0,39})["'`]/g)) words.add(match[1]!);
    return [...words];
  }

  /** The route's address with each parameter plausible (encoded) or fuzzed (sent as generated). */
  const targets = (route: ActionRoute, { fuzzed = true } = {}) => {
    const names = [...route.pattern.matchAll(/:(\w+)|\*$/g)].map((match) => match[1] ?? "*");
    const plausible = (name: string) => fillPattern(name === "*" ? "*" : `:${name}`, params);
    return fc
      .record({
        values: fc.tuple(...names.map((name) => (fuzzed ? segments(plausible(name)) : fc.constant(plausible(name))))),
        data: route.isPage ? fc.boolean() : fc.constant(false),
      })
      .map(({ values, data }) => {
        let next = 0;
        const path = route.pattern.replace(/:(\w+)|\*$/g, () => values[next++]!);
        return `${path === "/" && data ? "/_root" : path}${data ? ".data" : ""}`;
      });
  };

  /**
   * Sends one case and answers what is wrong with the answer, if anything. `cut`: the body stops short
   * of its Content-Length. `mayReset`: the body is large enough that a server answering it unread (a
   * guard, a 415) resets the connection under the client still sending it, losing the answer (ADR 0011);
   * a 5xx among those is still found in server_errors at the end.
   */
  async function send(
    role: Role,
    request: RawRequest,
    expectations: { forbidden: boolean; cut: boolean; mayReset: boolean },
  ) {
    const before = snapshot();
    const response = await rawRequest(server.url, request);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    const where = `${role} ${request.method ?? "GET"} ${request.target.slice(0, 120)}`;
    let problem: string | null = null;
    if (response.status >= 500) problem = `${response.status}: ${where}`;
    else if (response.status === 0 && !expectations.cut && !expectations.mayReset) problem = `no answer: ${where}`;
    else if (expectations.forbidden && response.status !== 403) problem = `${response.status} instead of 403: ${where}`;
    // A body cut off on the way is answered by Node's parser (400), whatever the app did meanwhile.
    else if (response.status >= 400 && !expectations.cut) {
      const changed = changedTables(before, snapshot());
      if (changed.length > 0) problem = `${response.status} changed ${changed.join(", ")}: ${where}`;
    }
    // The app goes on with a request whose body was cut off after Node's parser answered: let it finish
    // before the next case, whose refusal must not be blamed for what this one wrote.
    if (expectations.cut) await new Promise((resolve) => setTimeout(resolve, CUT_SETTLE_MS));
    // An action that ends the session (signing out, deleting the account) is fine once: sign in again.
    if (role !== "guest" && /__session=;/.test(response.headers["set-cookie"] ?? "")) await signIn(role);
    return problem;
  }

  /**
   * Runs a route's property; answers null, or what failed with the smallest case fast-check shrank it
   * to in the time given (a case holds up to a mebibyte of text: long strings are cut in the report).
   */
  async function fuzzRoute<T>(route: ActionRoute, property: fc.IAsyncProperty<T>, numRuns: number, seed: number) {
    // Shrinking sends every smaller case to the server: bounded, it still ends on a small enough case.
    const details = await fc.check(property, { numRuns, seed, interruptAfterTimeLimit: 20_000 + numRuns * 500 });
    if (!details.failed) return null;
    const brief = JSON.stringify(details.counterexample, (_key, value: unknown) => {
      if (typeof value === "string" && value.length > 80) return `${value.slice(0, 60)}… (${value.length} chars)`;
      if (value instanceof Uint8Array) return `${value.byteLength} bytes`;
      return value;
    });
    const error =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    return `${route.id}: ${error}\n    case ${brief}\n    (fast-check seed ${details.seed}, path "${details.counterexamplePath}")`;
  }

  function report(counts: Map<string, number>, problems: string[], label: string) {
    const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
    const lines = [...counts].map(([route, count]) => `${String(count).padStart(5)}  ${route}`);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    statuses.clear();
    console.log(
      `${label}: ${total} cases over ${counts.size} routes (FUZZ_SEED=${SEED}; answers ${byStatus.join(", ")})\n${lines.join("\n")}`,
    );
    return total;
  }

  async function expectHealthy() {
    expect(server.process.exitCode, server.output().slice(-2_000)).toBeNull();
    const health = await fetch(`${server.url}/healthz`, { headers: { "X-Forwarded-For": clientIp() } });
    expect(health.status).toBe(200);
    // Answers of 500 the client never saw (a reset, a body cut off) are recorded here all the same.
    expect(sqlite.prepare("SELECT method, path, status FROM server_errors").all()).toEqual([]);
  }

  test("every action: random bodies, types and origins as guest, learner and admin", async () => {
    const counts = new Map<string, number>();
    const problems: string[] = [];
    for (const [index, route] of routes.filter((entry) => entry.hasAction).entries()) {
      const dictionary = dictionaryOf(route);
      const cases = fc.record({
        role: fc.constantFrom(...ROLES),
        target: targets(route),
        // Where the Origin is another site's, the address is sound: nothing else may answer before the 403.
        plainTarget: targets(route, { fuzzed: false }),
        query: fc.oneof({ arbitrary: fc.constant(""), weight: 4 }, { arbitrary: queries(dictionary), weight: 1 }),
        body: bodies(dictionary),
        type: contentTypes,
        cut: cuts,
        origin: origins,
      });
      const failed = await fuzzRoute(
        route,
        fc.asyncProperty(cases, async ({ role, target, plainTarget, query, body, type, cut, origin }) => {
          counts.set(route.id, (counts.get(route.id) ?? 0) + 1);
          const foreign = origin.kind === "other";
          const encoded = encode(body);
          const bytes =
            cut.at === null ? encoded.bytes : encoded.bytes.subarray(0, cut.at % (encoded.bytes.length + 1));
          const contentType = type === null ? encoded.type : type;
          const request: RawRequest = {
            method: "POST",
            target: foreign ? plainTarget : `${target}${query}`,
            headers: {
              "X-Forwarded-For": clientIp(),
              "User-Agent": BROWSER_AGENT,
              ...(origin.kind === "right" ? { Origin: server.url } : origin.value ? { Origin: origin.value } : {}),
              ...(contentType ? { "Content-Type": contentType } : {}),
              ...(cookies[role] ? { Cookie: cookies[role] } : {}),
            },
            body: bytes,
            missingBytes: foreign ? 0 : cut.missingBytes,
          };
          const problem = await send(role, request, {
            // Over the body limit, 413 comes first.
            forbidden: foreign && bytes.byteLength <= MAX_BODY_BYTES,
            cut: !foreign && cut.missingBytes > 0,
            mayReset: bytes.byteLength > EARLY_ANSWER_BYTES,
          });
          if (problem) throw new Error(problem);
        }),
        RUNS * 2,
        SEED + index,
      );
      if (failed) problems.push(failed);
    }
    report(counts, problems, "Actions fuzzed");
    await expectHealthy();
    expect(problems.join("\n")).toBe("");
  });

  test("every route: random addresses, queries and headers as guest, learner and admin", async () => {
    const counts = new Map<string, number>();
    const problems: string[] = [];
    for (const [index, route] of routes.entries()) {
      const dictionary = dictionaryOf(route);
      const cases = fc.record({
        role: fc.constantFrom(...ROLES),
        method: fc.constantFrom("GET", "GET", "GET", "HEAD"),
        target: targets(route),
        query: queries(dictionary),
        headers: headerSets,
      });
      const failed = await fuzzRoute(
        route,
        fc.asyncProperty(cases, async ({ role, method, target, query, headers }) => {
          counts.set(route.id, (counts.get(route.id) ?? 0) + 1);
          // A fuzzed cookie replaces the reader's; otherwise the reader sends theirs.
          const cookie = headers.Cookie === undefined ? cookies[role] || null : headers.Cookie;
          const request: RawRequest = {
            method,
            target: `${target}${query}`,
            headers: { "X-Forwarded-For": clientIp(), ...headers, Cookie: cookie },
          };
          const problem = await send(role, request, { forbidden: false, cut: false, mayReset: false });
          if (problem) throw new Error(problem);
        }),
        RUNS * 2,
        SEED + 10_000 + index,
      );
      if (failed) problems.push(failed);
    }
    report(counts, problems, "Addresses and headers fuzzed");
    await expectHealthy();
    expect(problems.join("\n")).toBe("");
  });
});
