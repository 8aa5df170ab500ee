import { expect, request, test } from "@playwright/test";
import { courseChapters } from "#app/chapters";
import { storageStatePath, uniqueClientIp } from "./accounts";

/**
 * Structural budgets of issue 23 that do not depend on the machine's speed (speed itself is measured by
 * `npm run bench:web`). A chapter's text travels once: in the document, not again in its hydration data.
 */
const CHAPTERS = courseChapters.map((chapter) => chapter.slug);

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

test("a chapter's hydration data is at most a tenth of its HTML, and names the lesson's blocks without their text", async ({
  baseURL,
}) => {
  const reader = await premiumReader(baseURL);
  for (const slug of CHAPTERS) {
    const html = await (await reader.get(`/chapter/${slug}`)).text();
    const htmlBytes = Buffer.byteLength(html, "utf8");
    const hydrationBytes = inlineScriptBytes(html);
    expect(html, slug).toContain('class="katex"');
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
