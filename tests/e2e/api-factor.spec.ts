import { expect, test } from "@playwright/test";
import { uniqueClientIp } from "./accounts";

// The API against the production server: worker threads, JSON errors, and what the HTTP layer refuses.
test.describe("GET /api/factor", () => {
  // Each test is its own client, so the API's rate limit is never shared between tests.
  test.beforeEach(({ context }) => context.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientIp() }));

  test("factors 2^64 + 1 (Landry, 1880: 274177 × 67280421310721) as JSON", async ({ request }) => {
    const response = await request.get(`/api/factor?n=${encodeURIComponent("2^64+1")}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(await response.json()).toMatchObject({
      n: "18446744073709551617",
      complete: true,
      factors: [
        { value: "274177", exponent: 1, kind: "prime" },
        { value: "67280421310721", exponent: 1, kind: "prime" },
      ],
    });
  });

  test("garbage, unicode digits and a number too large get a JSON 400 naming the problem", async ({ request }) => {
    const garbage = await request.get("/api/factor?n=12%2B%2B");
    expect(garbage.status()).toBe(400);
    expect(await garbage.json()).toMatchObject({ error: expect.any(String), position: expect.any(Number) });
    const unicode = await request.get(`/api/factor?n=${encodeURIComponent("١٢٣")}`);
    expect(unicode.status()).toBe(400);
    const huge = await request.get(`/api/factor?n=${"7".repeat(45)}`);
    expect(huge.status()).toBe(400);
    expect((await huge.json()).error).toMatch(/40/);
  });

  test("a 10 MB body is refused or ignored, never read, and the server carries on", async ({ request }) => {
    const body = Buffer.alloc(10 * 1024 * 1024, "1");
    const posted = await request.post("/api/factor?n=12", { data: body, headers: { "Content-Type": "text/plain" } });
    expect(posted.status()).toBe(413);
    // A GET's body is never read: the query decides.
    const withBody = await request.fetch("/api/factor?n=12", { method: "GET", data: body });
    expect(withBody.status()).toBe(200);
    const tooLongUrl = await request.get(`/api/factor?n=${"1".repeat(100_000)}`);
    expect([400, 414, 431]).toContain(tooLongUrl.status());
    expect((await request.get("/api/factor?n=360")).status()).toBe(200);
  });
});
