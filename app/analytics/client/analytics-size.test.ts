import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

/** Issue 20: the analytics module the root loads after hydration is at most 3 KB gzipped. */
const MAX_GZIPPED_BYTES = 3072;
/** The facade is in the pages' own chunks: it must stay a few hundred bytes. */
const MAX_FACADE_GZIPPED_BYTES = 600;

async function gzippedSize(entry: string): Promise<number> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.contents;
  return gzipSync(code, { level: 9 }).length;
}

describe("the analytics client's size", () => {
  it("bundles the module (collector, storage queue, transport, consent, facade) to at most 3 KB gzipped", async () => {
    const size = await gzippedSize("./analytics.client.ts");
    expect(size).toBeGreaterThan(500);
    expect(size).toBeLessThanOrEqual(MAX_GZIPPED_BYTES);
  });

  it("keeps the facade the call sites import to a few hundred bytes", async () => {
    const size = await gzippedSize("./track.ts");
    expect(size).toBeLessThanOrEqual(MAX_FACADE_GZIPPED_BYTES);
  });
});
