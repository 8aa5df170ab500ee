import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { OFFLINE_TOOL_PAGES } from "#app/offline/offline-config";
import { SAVED_PAGES_END, SAVED_PAGES_START, withSavedPages } from "#app/offline/worker/saved-pages";
import { theme } from "#app/theme/theme";
import { offlineTools, paletteOfTheme, renderOfflinePage } from "./offline-page";

const page = renderOfflinePage({ palette: paletteOfTheme(theme), tools: offlineTools() });

function inline(tag: "style" | "script"): string {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(page);
  if (!match) throw new Error(`no <${tag}>`);
  return match[1]!;
}

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the offline page", () => {
  it("names every offline tool by its title", () => {
    const tools = offlineTools();
    expect(tools.map((tool) => tool.path)).toEqual([...OFFLINE_TOOL_PAGES]);
    expect(tools).toContainEqual({ path: "/prime-factorization-engine", title: "Prime factorization engine" });
    expect(tools).toContainEqual({ path: "/tests/ploting", title: "Plot Formula" });
    for (const { path, title } of tools) expect(page).toContain(`<li><a href="${path}">${title}</a></li>`);
  });

  it("allows its own inline style and script by their hashes, and nothing else: no eval, no network", () => {
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)?.[1];
    expect(policy).toBeDefined();
    expect(policy).toContain(`style-src ${hashOf(inline("style"))}`);
    expect(policy).toContain(`script-src ${hashOf(inline("script"))}`);
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain("unsafe");
    expect(page).not.toMatch(/<link rel="stylesheet"|<script src=/);
  });

  it("says the reader is offline, offers to try again, and has landmarks and headings", () => {
    expect(page).toContain('<html lang="en"');
    expect(page).toContain("<h1>You are offline</h1>");
    expect(page).toContain("has not been saved on this device");
    expect(page).toContain('<a class="button" href="">Try again</a>');
    expect(page).toMatch(/<header>[\s\S]*<main>[\s\S]*<\/main>/);
    expect(page).toContain('<section aria-labelledby="saved-heading">');
  });

  it("takes the theme's colours for both schemes, the dark ones from the cookie or the system", () => {
    const style = inline("style");
    expect(style).toContain("--buttonBackground:#ff6f00;");
    expect(style).toContain("--background:#121212;");
    expect(style).toContain(":root[data-scheme=dark]{color-scheme:dark;");
    expect(style).toContain("@media (prefers-color-scheme:dark){:root[data-scheme=system]");
    expect(inline("script")).toContain("/(?:^|;\\s*)color-scheme=(light|dark|system)(?:;|$)/");
  });

  it("leaves a region the worker fills with the saved pages", () => {
    expect(page).toContain(SAVED_PAGES_START);
    expect(page).toContain(SAVED_PAGES_END);
    expect(withSavedPages(page, [{ path: "/chapter/divisors", title: "Divisors" }])).toContain(
      '<ul class="pages"><li><a href="/chapter/divisors">Divisors</a></li></ul>',
    );
  });
});
