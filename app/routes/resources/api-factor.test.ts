import { RouterContextProvider } from "react-router";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { createFactorPool } from "#server/factor-pool";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { factorServiceContext } from "#app/factorization/factor-service";
import { rateLimits } from "#app/http/rate-limits.server";
import { serverInfoContext } from "#app/http/request-context";

// The rate limits use the process-wide database; point it at each dialect's test database.
const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { loader } = await import("./api-factor");

const pool = createFactorPool({ threads: 1 });
/** A pool that refuses every job, as a full one does. */
const fullPool = createFactorPool({ threads: 1, maxQueue: 0 });
afterAll(() => Promise.all([pool.close(), fullPool.close()]));

describe.each(testDialects)("GET /api/factor on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let address = 0;

  /** A request from its own client address, so the rate limit starts fresh unless `ip` is shared. */
  async function get(query: string, ip = `203.0.113.${(address += 1)}`, service = pool) {
    current.handle = database;
    const context = new RouterContextProvider();
    context.set(serverInfoContext, {
      cspNonce: "",
      build: { id: "test", timestamp: "" },
      isSecure: false,
      clientIp: ip,
    });
    context.set(factorServiceContext, service);
    const request = new Request(`http://localhost/api/factor${query}`);
    const response = (await loader({ request, context, params: {} } as never)) as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
  }

  it("factors a number and an expression, checked against PARI/GP", async () => {
    // gp: factor(2^67-1) = [193707721, 1; 761838257287, 1] (Cole, 1903).
    const { status, body } = await get(`?n=${encodeURIComponent("M(67)")}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      n: "147573952589676412927",
      sign: 1,
      complete: true,
      factors: [
        { value: "193707721", exponent: 1, kind: "prime" },
        { value: "761838257287", exponent: 1, kind: "prime" },
      ],
    });
    const grouped = await get(`?n=${encodeURIComponent("1 000 000")}`);
    expect(grouped.body.factors).toEqual([
      { value: "2", exponent: 6, kind: "prime" },
      { value: "5", exponent: 6, kind: "prime" },
    ]);
  });

  it("explains 0, 1 and negative numbers", async () => {
    expect((await get("?n=0")).body).toMatchObject({ factors: [], note: expect.stringContaining("0 has no prime") });
    expect((await get("?n=1")).body).toMatchObject({ factors: [], note: expect.stringContaining("empty product") });
    const negative = await get("?n=-12");
    expect(negative.body).toMatchObject({ n: "-12", sign: -1, note: expect.stringContaining("−1 × 12") });
    expect(negative.body.factors).toEqual([
      { value: "2", exponent: 2, kind: "prime" },
      { value: "3", exponent: 1, kind: "prime" },
    ]);
  });

  it("answers bad input with a 400 and a specific message", async () => {
    const cases: [string, RegExp][] = [
      ["", /Give the number/],
      ["?n=", /Give the number/],
      [`?n=${encodeURIComponent("12)")}`, /\)/],
      [`?n=${encodeURIComponent("abc")}`, /position|Unknown/i],
      [`?n=${"9".repeat(41)}`, /40/],
      [`?n=${encodeURIComponent("10^10^10")}`, /digits|large/i],
      [`?n=${encodeURIComponent("١٢٣")}`, /digit/i],
      [`?n=${"1".repeat(600)}`, /longer than 500/],
    ];
    for (const [query, message] of cases) {
      const { status, body, response } = await get(query);
      expect(status, query).toBe(400);
      expect(String(body.error), query).toMatch(message);
      expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    }
  });

  it("factors numbers of up to 12 digits in its own thread, without waiting for a full pool", async () => {
    // gp: factor(999999999989) = [999999999989, 1]; factor(600851475143) = [71,1; 839,1; 1471,1; 6857,1].
    const prime = await get("?n=999999999989", undefined, fullPool);
    expect(prime.status).toBe(200);
    expect(prime.body).toMatchObject({
      complete: true,
      factors: [{ value: "999999999989", exponent: 1, kind: "prime" }],
    });
    const composite = await get("?n=-600851475143", undefined, fullPool);
    expect(composite.body).toMatchObject({
      sign: -1,
      factors: ["71", "839", "1471", "6857"].map((value) => ({ value, exponent: 1, kind: "prime" })),
    });
    const larger = await get(`?n=${"1".repeat(13)}`, undefined, fullPool);
    expect(larger.status).toBe(503);
    expect(larger.response.headers.get("Retry-After")).toBe("1");
  });

  it("rate-limits each client address", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < rateLimits.factorApiPerIp.limit; i += 1) expect((await get("?n=6", ip)).status).toBe(200);
    const refused = await get("?n=6", ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/Too many attempts/);
    expect(Number(refused.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await get("?n=6")).status).toBe(200);
  });
});
