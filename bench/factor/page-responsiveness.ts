/**
 * Issue 24's "the page stays responsive": the engine page in Chromium factors a number with all its
 * workers (the page's default) while the page's main thread is watched. Reported: every main-thread task
 * over 50 ms that Chromium's Long Tasks API saw from the press of Enter to the answer (goal: none), and
 * the longest lateness of a 10 ms timer on the page over the same span (what a reader's click would wait).
 *
 * It needs a production build (`npm run build`, or BUILD_DIR) and starts the server itself on a free
 * port with an empty temporary DATA_DIR; without a build it says so and measures nothing.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startBuiltApp } from "#scripts/local-server";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#tests/setup/chromium";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const LONG_TASK_GOAL_MS = 50;
const RUN_LIMIT_MS = 300_000;

export interface PageResponsiveness {
  digits: number;
  seconds: number;
  /** Durations (ms) of the main thread's tasks over 50 ms during the run. */
  longTasks: number[];
  /** The longest lateness (ms) of a 10 ms timer during the run. */
  worstTimerDelayMs: number;
}

/**
 * Installed before the page's own scripts: collects long tasks and timer lateness while `watching`.
 * A string, not a function: the TypeScript loader would add helpers the page does not have.
 */
const WATCH_MAIN_THREAD = `
  const probe = { longTasks: [], worstDelay: 0, watching: false };
  new PerformanceObserver((list) => {
    if (!probe.watching) return;
    for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
  }).observe({ type: "longtask" });
  let expected = 0;
  const tick = () => {
    const now = performance.now();
    if (probe.watching) probe.worstDelay = Math.max(probe.worstDelay, now - expected);
    expected = now + 10;
    setTimeout(tick, 10);
  };
  tick();
  globalThis.mainThreadProbe = probe;
`;

export function hasProductionBuild(): boolean {
  return existsSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "server", "index.js"));
}

/** Factors `n` on the engine page of a fresh server and reports the main thread's longest work meanwhile. */
export async function measurePageResponsiveness(n: bigint): Promise<PageResponsiveness> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "numberlab-bench-factor-page-"));
  const { baseUrl, stop } = await startBuiltApp(ROOT, dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript(WATCH_MAIN_THREAD);
    await page.goto(`${baseUrl}/prime-factorization-engine`);
    await page.locator("html[data-hydrated]").waitFor();
    const input = page.getByRole("textbox", { name: "Number or expression" });
    await input.fill(n.toString());
    await page.evaluate(() => {
      const probe = (globalThis as unknown as { mainThreadProbe: { watching: boolean } }).mainThreadProbe;
      probe.watching = true;
    });
    const started = performance.now();
    await input.press("Enter");
    await page
      .getByTestId("announcement")
      // A long number is announced by its length ("the 60-digit number = p × q").
      .filter({ hasText: / = / })
      .waitFor({ state: "attached", timeout: RUN_LIMIT_MS });
    const seconds = (performance.now() - started) / 1000;
    const probe = await page.evaluate(() => {
      const watched = (
        globalThis as unknown as { mainThreadProbe: { longTasks: number[]; worstDelay: number; watching: boolean } }
      ).mainThreadProbe;
      watched.watching = false;
      return { longTasks: watched.longTasks, worstDelay: watched.worstDelay };
    });
    return {
      digits: n.toString().length,
      seconds,
      longTasks: probe.longTasks,
      worstTimerDelayMs: probe.worstDelay,
    };
  } finally {
    await browser.close();
    stop();
    await sleep(500);
    await rm(dataDir, { recursive: true, force: true });
  }
}
