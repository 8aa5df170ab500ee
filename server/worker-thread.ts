import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/** tsx's programmatic loader, as a file URL a data: module can import (resolved on first use). */
const tsxApi = () =>
  pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;

/**
 * A worker thread running a TypeScript entry. Loader flags do not reach a
 * thread's entry on Node 20 (neither `--import tsx` in execArgv nor the tsx
 * CLI's), so a tiny ES module loads the entry through tsx's `tsImport`.
 * Messages posted before the entry has loaded wait in the thread's port.
 */
export function startTypeScriptWorker(entry: URL): Worker {
  const bootstrap = `import { tsImport } from ${JSON.stringify(tsxApi())};
await tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`));
}
