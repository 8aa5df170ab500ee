import { gzipSync } from "node:zlib";
import { expect, request, test } from "@playwright/test";
import { courseChapters } from "#app/chapters";
import { primeCards } from "#app/content/prime-cards";
import { storageStatePath, uniqueClientIp } from "./accounts";

/**
 * Structural budgets of issue 23 that do not depend on the machine's speed (speed itself is measured by
 * `npm run bench:web`). A chapter's text travels once: in the document, not again in its hydration data.
 */
const CHAPTERS = courseChapters.map((chapter) => chapter.slug);
/** A whole chapter, every section (a premium reader's): formulas as MathML where it suffices (app/markdown/mathml-core.ts). */
const CHAPTER_HTML_MAX_BYTES = 600 * 1024;

/**
 * The home page's scripts: the goal is 150 KB gzipped in at most 15 requests (issue 23). The request count
 * is met and held here; the bytes are held at today's level (react-dom and React Router alone are
 * 104 KB of it) so that growth fails, until the goal is reached. bench:web reports both beside the goal.
 */
const HOME_SCRIPT_REQUESTS = 15;
const HOME_SCRIPT_GZIP_BYTES = 215 * 1024;

/** A premium reader, who gets every section of every chapter. */
function premiumReader(baseURL: string | undefined) {
  return request.newContext({
    baseURL,
    storageState: storageStatePath("premium"),
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
}

/** The hydration data is every inline script of the document (React Router's context and its stream). */
function inlineScriptBytes(html: string): number {
  let bytes = 0;
  for (const [, body] of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    bytes += Buffer.byteLength(body!, "utf8");
  }
  return bytes;
}

test("a chapter's HTML is at most 600 KB, its hydration data at most a tenth of it, naming the lesson's blocks without their text", async ({
  baseURL,
}) => {
  const reader = await premiumReader(baseURL);
  for (const slug of CHAPTERS) {
    const html = await (await reader.get(`/chapter/${slug}`)).text();
    const htmlBytes = Buffer.byteLength(html, "utf8");
    const hydrationBytes = inlineScriptBytes(html);
    expect(html, slug).toContain('class="katex"');
    expect(htmlBytes, `${slug}: ${htmlBytes} bytes of HTML`).toBeLessThanOrEqual(CHAPTER_HTML_MAX_BYTES);
    expect(hydrationBytes, `${slug}: ${hydrationBytes} bytes of hydration data in ${htmlBytes}`).toBeLessThanOrEqual(
      htmlBytes / 10,
    );
    // Every block the data names is in the lesson's HTML, which the document carries once.
    const blocks = (await (await reader.get(`/chapter/${slug}/lesson-html`)).json()) as {
      blocks: Record<string, string>;
    };
    const keys = Object.keys(blocks.blocks);
    expect(keys.length, slug).toBeGreaterThan(10);
    // (In the hydration data a key is a string within a script's string: it ends with an escaped quote.)
    for (const key of keys) expect(html, `${slug} names ${key}`).toContain(`${key}\\"`);
  }
  await reader.dispose();
});

test("a chapter's widgets are in place in the server's HTML: drawn without JavaScript, nothing revealed later", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: storageStatePath("premium"),
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
  const page = await context.newPage();
  for (const slug of CHAPTERS) {
    const answer = await page.goto(`/chapter/${slug}`);
    // React's outlined boundaries (a hidden segment and a template to swap) would be put in place by a script.
    expect(await answer!.text(), slug).not.toMatch(/<template id="B:\d+"|<div hidden id="S:\d+"/);
    const widgets = page.locator("[data-lesson-widget]");
    expect(await widgets.count(), slug).toBeGreaterThan(2);
    for (const widget of await widgets.all()) {
      const name = await widget.getAttribute("data-lesson-widget");
      expect((await widget.boundingBox())?.height ?? 0, `${slug}: ${name}`).toBeGreaterThan(100);
    }
  }
  await context.close();
});

test("KaTeX's code is not among a chapter's or the engine's first scripts: the server typesets their formulas", async ({
  baseURL,
}) => {
  const reader = await premiumReader(baseURL);
  // The chapter's formulas are in its HTML all the same (the first test checks it).
  for (const path of [`/chapter/${CHAPTERS[0]}`, "/prime-factorization-engine"]) {
    const html = await (await reader.get(path)).text();
    const scripts = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length, path).toBeGreaterThan(5);
    expect(
      scripts.filter((script) => /\/katex-[\w-]{8}\.js$/.test(script)),
      path,
    ).toEqual([]);
  }
  await reader.dispose();
});

test("the home page loads its scripts in few requests, within the bytes budget", async ({ browser, baseURL }) => {
  // A first visit: no worker, no cache.
  const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await context.newPage();
  const scripts: Promise<{ url: string; gzip: number }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(response.body().then((body) => ({ url: response.url(), gzip: gzipSync(body).length })));
  });
  await page.goto("/", { waitUntil: "networkidle" });
  // What the page loads just after hydrating (offline support after 1 s, analytics) counts too.
  await page.waitForTimeout(2_000);
  const loaded = await Promise.all(scripts);
  const gzip = loaded.reduce((sum, script) => sum + script.gzip, 0);
  const listing = loaded.map((script) => `${script.gzip} ${new URL(script.url).pathname}`).join("\n");
  expect(loaded.length, listing).toBeGreaterThan(3);
  expect(loaded.length, listing).toBeLessThanOrEqual(HOME_SCRIPT_REQUESTS);
  expect(gzip, listing).toBeLessThanOrEqual(HOME_SCRIPT_GZIP_BYTES);
  await context.close();
});

test("/prime-discoveries sends its cards' text once: in the document, or in a client navigation's data", async ({
  page,
  baseURL,
}) => {
  const visitor = await request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() } });
  const html = await (await visitor.get("/prime-discoveries")).text();
  const htmlBytes = Buffer.byteLength(html, "utf8");
  const hydrationBytes = inlineScriptBytes(html);
  expect(hydrationBytes, `${hydrationBytes} bytes of hydration data in ${htmlBytes}`).toBeLessThanOrEqual(
    htmlBytes / 10,
  );
  // The cards' formulas are in the document, and not again in its data.
  const formulas = html.match(/<annotation encoding="application\/x-tex">[^<]+<\/annotation>/g) ?? [];
  expect(formulas.length).toBeGreaterThan(5);
  const inlineScripts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1],
  );
  expect(inlineScripts.join("")).not.toContain("katex");
  const data = await (await visitor.get("/prime-discoveries.data")).text();
  expect(data).toContain("katex");
  await visitor.dispose();

  // Reached by a link inside the app, the cards show their text all the same.
  await page.goto("/");
  await page
    .getByRole("link", { name: /prime discoveries/i })
    .first()
    .click();
  await page.waitForURL("**/prime-discoveries");
  const cards = page.getByRole("region", { name: "The mathematics of record primes" }).getByRole("article");
  await expect(cards).toHaveCount(primeCards.length);
  for (const card of await cards.all()) await expect(card.locator(".katex").first()).toBeAttached();
});
