import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServiceWorker, type ServiceWorkerBuild } from "./build-service-worker";

/** A client build in miniature: what a real one has outside and inside assets/. */
const FILES = {
  "assets/entry.client-AbC123.js": "console.log('entry')",
  "assets/root-DeF456.css": "body{}",
  "assets/plot.worker-GhI789.js": "self.onmessage = () => {}",
  "assets/plotly-strict.min-JkL012.js": "/* five megabytes */",
  "assets/x-charts-view-PqR678.js": "/* the admin's charts */",
  "assets/KaTeX_Main-Regular-MnO345.woff2": "font",
  "favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
  "labs/sin.webp": "picture",
  "manifest.webmanifest": "{}",
  "icons/icon-192.png": "png",
};

describe("building the service worker", () => {
  let buildDir: string;
  let result: ServiceWorkerBuild;
  let sw: string;
  beforeAll(async () => {
    buildDir = await mkdtemp(path.join(tmpdir(), "numberlab-sw-build-"));
    for (const [file, content] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(buildDir, "client", file)), { recursive: true });
      await writeFile(path.join(buildDir, "client", file), content);
    }
    result = await buildServiceWorker(buildDir);
    sw = await readFile(path.join(buildDir, "client/sw.js"), "utf8");
  });
  afterAll(async () => {
    await rm(buildDir, { recursive: true, force: true });
  });

  it("precaches the scripts, styles and workers, the offline page, the manifest and the icons", () => {
    const entries = JSON.parse(/(\[\{"(?:revision|url)"[\s\S]*?\}\])/.exec(sw)![1]!) as {
      url: string;
      revision: string | null;
    }[];
    expect(entries.map((entry) => entry.url).sort()).toEqual([
      "assets/entry.client-AbC123.js",
      "assets/plot.worker-GhI789.js",
      "assets/root-DeF456.css",
      "favicon.svg",
      "icons/icon-192.png",
      "manifest.webmanifest",
      "offline.html",
    ]);
    // Hashed names need no revision; the others carry one.
    expect(entries.find((entry) => entry.url === "assets/root-DeF456.css")?.revision).toBeNull();
    expect(entries.find((entry) => entry.url === "offline.html")?.revision).toMatch(/^[0-9a-f]{32}$/);
    expect(result.precacheCount).toBe(7);
  });

  it("writes a minified script without eval and without Workbox's development logging", () => {
    expect(sw).not.toContain("self.__WB_MANIFEST");
    expect(sw).not.toMatch(/\beval\(|new Function\(/);
    expect(sw).not.toContain("%cworkbox");
    expect(sw).not.toContain("Precaching is responding to");
    expect(sw.split("\n").length).toBeLessThan(10);
    expect(result.swBytes).toBeLessThan(80_000);
  });

  it("writes the offline page into the client build", async () => {
    expect(await readFile(path.join(buildDir, "client/offline.html"), "utf8")).toContain("<h1>You are offline</h1>");
  });
});
