/**
 * The offline page (/offline.html) the service worker shows for a page it has not saved: written
 * at build time, self-contained (inline style and script, allowed by their hashes in its own
 * Content-Security-Policy), in the theme's colours, light or dark as the reader chose.
 */
import { createHash } from "node:crypto";
import type { CssVarsTheme, Theme } from "@mui/material/styles";
import { labPath, labs } from "#app/labs";
import { OFFLINE_TOOL_PAGES } from "#app/offline/offline-config";
import { escapeHtml, NO_SAVED_PAGES_TEXT, SAVED_PAGES_END, SAVED_PAGES_START } from "#app/offline/worker/saved-pages";
import { COLOR_SCHEME_COOKIE, DEFAULT_COLOR_SCHEME } from "#app/theme/color-scheme";

export interface OfflineTool {
  path: string;
  title: string;
}

export interface SchemeColours {
  background: string;
  text: string;
  secondaryText: string;
  /** Links: dark enough on the background for 4.5:1. */
  link: string;
  buttonBackground: string;
  buttonText: string;
  divider: string;
}

export interface OfflinePagePalette {
  light: SchemeColours;
  dark: SchemeColours;
}

/** The tools that are not labs, by the titles their pages carry. */
const TOOL_TITLES: Record<string, string> = {
  "/prime-factorization-engine": "Prime factorization engine",
  "/prime-discoveries": "Prime discoveries",
};

/** OFFLINE_TOOL_PAGES with the titles a reader knows them by; a tool without one is a mistake to fix here. */
export function offlineTools(): OfflineTool[] {
  return OFFLINE_TOOL_PAGES.map((path) => {
    const title = TOOL_TITLES[path] ?? labs.find((lab) => labPath(lab) === path)?.title;
    if (title === undefined) throw new Error(`No title for the offline tool ${path}: add it to TOOL_TITLES`);
    return { path, title };
  });
}

/** The colours of the MUI theme's two schemes (SPEC.md §4). */
export function paletteOfTheme(theme: Theme): OfflinePagePalette {
  const scheme = (name: "light" | "dark"): SchemeColours => {
    // Made with cssVariables, the theme carries both schemes; MUI's Theme type shows them only
    // under its CssThemeVariables augmentation, which the app does not declare.
    const palette = (theme as Theme & Partial<Pick<CssVarsTheme, "colorSchemes">>).colorSchemes?.[name]?.palette;
    if (!palette) throw new Error(`The theme has no ${name} scheme`);
    return {
      background: palette.background.default,
      text: palette.text.primary,
      secondaryText: palette.text.secondary,
      link: name === "light" ? palette.primary.dark : palette.primary.main,
      buttonBackground: palette.primary.main,
      buttonText: palette.primary.contrastText,
      divider: palette.divider,
    };
  };
  return { light: scheme("light"), dark: scheme("dark") };
}

function colourVariables(colours: SchemeColours): string {
  return Object.entries(colours)
    .map(([name, value]) => `--${name}:${value};`)
    .join("");
}

function stylesheet(palette: OfflinePagePalette): string {
  const dark = `color-scheme:dark;${colourVariables(palette.dark)}`;
  return [
    `:root{color-scheme:light;${colourVariables(palette.light)}}`,
    `:root[data-scheme=dark]{${dark}}`,
    `@media (prefers-color-scheme:dark){:root[data-scheme=system]{${dark}}}`,
    "*,*::before,*::after{box-sizing:border-box}",
    'body{margin:0;background:var(--background);color:var(--text);font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;-webkit-text-size-adjust:100%}',
    "header{border-bottom:1px solid var(--divider);padding:.75rem 1.5rem}",
    "header a{color:var(--text);font-weight:700;font-size:1.25rem;text-decoration:none}",
    "main{max-width:42rem;margin:0 auto;padding:2rem 1.5rem 3rem}",
    "h1{font-size:2rem;line-height:1.2;margin:0 0 1rem}",
    "h2{font-size:1.25rem;line-height:1.3;margin:2.5rem 0 .5rem}",
    "p{margin:0 0 1rem}",
    ".lead{font-size:1.125rem}",
    ".note{color:var(--secondaryText)}",
    "a{color:var(--link)}",
    ".button{display:inline-block;min-height:2.75rem;padding:.55rem 1.5rem;border-radius:4px;background:var(--buttonBackground);color:var(--buttonText);font-weight:600;text-decoration:none}",
    "a:focus-visible{outline:3px solid var(--text);outline-offset:2px}",
    "ul{margin:0;padding-left:1.25rem}",
    "li{margin:.375rem 0}",
  ].join("\n");
}

/** Takes the reader's colour scheme from the cookie the app keeps it in; reloads once the connection is back. */
function script(): string {
  return [
    `var mode=/(?:^|;\\s*)${COLOR_SCHEME_COOKIE}=(light|dark|system)(?:;|$)/.exec(document.cookie);`,
    `document.documentElement.dataset.scheme=mode?mode[1]:"${DEFAULT_COLOR_SCHEME}";`,
    'addEventListener("online",function(){location.reload()});',
  ].join("\n");
}

function sha256(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

export function renderOfflinePage({ palette, tools }: { palette: OfflinePagePalette; tools: readonly OfflineTool[] }) {
  const style = stylesheet(palette);
  const code = script();
  const policy = [
    "default-src 'none'",
    `style-src ${sha256(style)}`,
    `script-src ${sha256(code)}`,
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  const toolItems = tools.map(({ path, title }) => `<li><a href="${escapeHtml(path)}">${escapeHtml(title)}</a></li>`);
  // Without the script (or before it runs) the page follows the system's scheme.
  return `<!doctype html>
<html lang="en" data-scheme="system">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>Offline · Numberlab</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${style}</style>
<script>${code}</script>
</head>
<body>
<header><a href="/">Numberlab</a></header>
<main>
<h1>You are offline</h1>
<p class="lead">This page has not been saved on this device, so it cannot be shown without a connection.</p>
<p><a class="button" href="">Try again</a></p>
<p class="note">The page reloads by itself when the connection comes back.</p>
<section aria-labelledby="tools-heading">
<h2 id="tools-heading">These work offline</h2>
<p>The tools run on this device, without a connection:</p>
<ul>${toolItems.join("")}</ul>
</section>
<section aria-labelledby="saved-heading">
<h2 id="saved-heading">Pages saved on this device</h2>
${SAVED_PAGES_START}<p>${escapeHtml(NO_SAVED_PAGES_TEXT)}</p>${SAVED_PAGES_END}
</section>
</main>
</body>
</html>
`;
}
