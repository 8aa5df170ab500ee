import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { storageStatePath, uniqueClientIp, type SignedInRole } from "./accounts";
import { watchConsole } from "./helpers";
import { rawRequest, type RawRequest } from "./raw-http";

/** The Cookie header a signed-in role's browser sends. */
function cookieOf(role: SignedInRole): string {
  const state = JSON.parse(readFileSync(storageStatePath(role), "utf8")) as {
    cookies: { name: string; value: string }[];
  };
  return state.cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
}

/** The status of a raw request from a client address of its own, or 0 when the server closed without one. */
async function rawStatus(baseURL: string, request: RawRequest): Promise<number> {
  const headers = { "X-Forwarded-For": uniqueClientIp(), ...request.headers };
  return (await rawRequest(baseURL, { ...request, headers })).status;
}

const BAD_SEGMENTS = [
  "%",
  "%E0%A4%A",
  "%C0%AE",
  "%FF",
  "%ED%A0%80",
  "%00",
  "a%00b",
  "%ZZ",
  "%u0041",
  "..",
  "..%2F..%2Fetc%2Fpasswd",
  "%2E%2E",
  "%2F",
  "é",
  "%F0%9F%98%80",
  "%25",
  ";a=b",
  "\\",
  "a".repeat(8_000),
];
const BASES = [
  "",
  "/about",
  "/chapter",
  "/chapter/periods-and-primes",
  "/quiz",
  "/admin/content",
  "/profile",
  "/builds/meta",
  "/assets",
];
const BAD_QUERIES = [
  "?%",
  "?a=%E0%A4%A",
  "?%FF=%FE",
  "?a=%00",
  "?%00",
  "?redirectTo=%E0%A4%A",
  "?redirectTo=%2F%2Fevil.example",
  "?redirectTo=%00",
  "?n=%FF",
  "?q=%F0%9F%98%80",
  "?__proto__[x]=1&constructor=2",
  "?a=1&a=2&a=3",
  `?${"a=1&".repeat(1_500)}`,
  "?kind=%E0&page=-1",
  "?page=99999999999999999999",
];
const QUERY_PATHS = [
  "/",
  "/login",
  "/admin/adminUser",
  "/admin/content/primes/new",
  "/api/factor",
  "/tests/ploting",
  "/chapter/periods-and-primes",
];
const BAD_HEADERS: Record<string, string | null>[] = [
  { Cookie: "__session=%E0%A4%A" },
  { Cookie: `__session=${"x".repeat(4_000)}` },
  { Cookie: '__session="unterminated' },
  { Cookie: "=;;=; ;" },
  { Cookie: "__session=a; __session=b" },
  { Cookie: "theme=%; colorScheme=\u00ff" },
  { Accept: "\u00ff/\u00ff" },
  { Accept: "text/x-dvi; q=abc, */*;q=-1" },
  { "Accept-Language": "%%%;q=2" },
  { "Accept-Encoding": "gzip;q=x, br;q=" },
  { "Content-Type": "multipart/form-data; boundary=" },
  { "Content-Type": "\u00ff" },
  { Host: "%zz" },
  { Host: "" },
  { Host: null },
  { Host: "[::1" },
  { Host: "a b" },
  { Host: "evil.example" },
  { "X-Forwarded-Host": "%zz" },
  { "X-Forwarded-Host": "evil.example, %zz" },
  { "X-Forwarded-Proto": "gopher" },
  { "X-Forwarded-For": "not-an-address, ::::" },
  { "If-None-Match": '"' },
  { "If-Modified-Since": "yesterday" },
  { Range: "bytes=9-1,-" },
  { "User-Agent": "x".repeat(6_000) },
  { Origin: "null" },
  { "Sec-Fetch-Site": "\u00ff" },
];
const HEADER_PATHS = ["/", "/about", "/profile", "/chapter/periods-and-primes", "/healthz", "/favicon.svg"];

test.describe("malformed addresses and headers", () => {
  test.slow();

  test("no malformed path, query or header gets a 5xx, for a guest or a signed-in reader", async ({ baseURL }) => {
    const requests: RawRequest[] = [
      ...BASES.flatMap((base) =>
        BAD_SEGMENTS.flatMap((segment) => [{ target: `${base}/${segment}` }, { target: `${base}/${segment}.data` }]),
      ),
      ...QUERY_PATHS.flatMap((path) => BAD_QUERIES.map((query) => ({ target: `${path}${query}` }))),
      ...HEADER_PATHS.flatMap((path) => BAD_HEADERS.map((headers) => ({ target: path, headers }))),
      { target: "*" },
      { target: "http://evil.example/about" },
      { target: "//evil.example/about" },
      { target: "/%2F%2Fevil.example" },
      { method: "OPTIONS", target: "*" },
      { method: "POST", target: "/chapter/%E0%A4%A", headers: { "Content-Type": "application/x-www-form-urlencoded" } },
    ];
    expect(requests.length).toBeGreaterThan(400);
    const failures: string[] = [];
    const sends = ["", cookieOf("user")].flatMap((cookie) => requests.map((request) => ({ cookie, request })));
    // A few at a time: the list is long, and each request is answered on its own.
    for (let start = 0; start < sends.length; start += 8) {
      await Promise.all(
        sends.slice(start, start + 8).map(async ({ cookie, request }) => {
          // A header of the list replaces the reader's cookie; otherwise the reader sends it.
          const headers = { ...(cookie ? { Cookie: cookie } : {}), ...request.headers };
          const status = await rawStatus(baseURL!, { ...request, headers });
          if (status >= 500 || status === 0) {
            failures.push(
              `${status} ${request.method ?? "GET"} ${request.target.slice(0, 80)} ${JSON.stringify(request.headers ?? {}).slice(0, 80)}${cookie ? " (signed in)" : ""}`,
            );
          }
        }),
      );
    }
    expect(failures).toEqual([]);
  });

  test("a broken %-escape in a chapter's address is a 400 on the normal error page", async ({ request }) => {
    const headers = { Cookie: cookieOf("user"), "X-Forwarded-For": uniqueClientIp() };
    for (const path of ["/chapter/%E0%A4%A", "/chapter/%E0%A4%A.data"]) {
      const response = await request.get(path, { headers, maxRedirects: 0 });
      expect(response.status(), path).toBe(400);
      expect(await response.text(), path).toContain(
        "This address is not valid: /chapter/%E0%A4%A contains a broken %-escape.",
      );
    }
    const nul = await request.get("/chapter/periods%00-and-primes", { headers, maxRedirects: 0 });
    expect(nul.status()).toBe(400);
    expect(await nul.text()).toContain("contains a NUL character");
  });

  test("in the browser the 400 page says what is wrong, on a phone, in the reader's scheme and signed in", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      storageState: storageStatePath("user"),
      viewport: { width: 390, height: 844 },
    });
    await context.addCookies([{ name: "color-scheme", value: "dark", url: baseURL! }]);
    const page = await context.newPage();
    const checkConsole = watchConsole(page, { expectedStatuses: [400, 403] });
    const response = await page.goto("/chapter/%E0%A4%A");
    expect(response?.status()).toBe(400);
    await expect(page.getByText("Error 400")).toBeVisible();
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("This address is not valid: /chapter/%E0%A4%A contains a broken %-escape.");
    // The address wraps on a phone instead of running off the screen.
    expect(await heading.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    // Middleware answered before the root loader ran: the header and the scheme come with the error.
    await expect(page.locator("html")).toHaveClass("dark");
    await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
    const forbidden = await page.goto("/admin/adminUser");
    expect(forbidden?.status()).toBe(403);
    await expect(page.locator("html")).toHaveClass("dark");
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
    checkConsole();
    await context.close();
  });
});

test.describe("caching of personal answers", () => {
  const PRIVATE = "private, no-store";

  test("every answer to a signed-in request, and everything in the private areas, is private and not stored", async ({
    request,
  }) => {
    const signedIn = [
      ["admin", "/profile"],
      ["admin", "/profile.data"],
      ["admin", "/admin/adminUser"],
      ["admin", "/admin/adminUser.data"],
      ["admin", "/admin/content.data"],
      ["user", "/chapter/periods-and-primes"],
      ["user", "/chapter/periods-and-primes.data"],
      ["user", "/practice.data"],
      ["user", "/profile/export"],
      // Public pages too: they name the reader in the header.
      ["user", "/"],
      ["user", "/about.data"],
      ["user", "/no/such/page"],
    ] as const;
    for (const [role, path] of signedIn) {
      const response = await request.get(path, { headers: { Cookie: cookieOf(role) }, maxRedirects: 0 });
      expect(response.status(), path).toBeLessThan(500);
      expect(response.headers()["cache-control"], `${role} ${path}`).toBe(PRIVATE);
    }
    // A guest's answers in the private areas are redirects and refusals, and are not stored either.
    for (const path of [
      "/profile",
      "/profile.data",
      "/admin/adminUser.data",
      "/chapter/periods-and-primes",
      "/quiz/x.data",
      "/practice",
    ]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.headers()["cache-control"], `guest ${path}`).toBe(PRIVATE);
    }
    // A guest's public pages may be cached; static files keep their own lifetimes, signed in or not.
    expect((await request.get("/about", { maxRedirects: 0 })).headers()["cache-control"]).toBeUndefined();
    const favicon = await request.get("/favicon.svg", { headers: { Cookie: cookieOf("admin") } });
    expect(favicon.headers()["cache-control"]).toBe("public, max-age=3600");
  });
});
