/**
 * Compiles the factoring command line to plain JavaScript (build/cli/factor.mjs and its task thread), so
 * it starts in tens of milliseconds instead of the ~0.5 s tsx needs to compile the TypeScript each run.
 * `npm run build:cli [-- OUT_DIR]`; `npm run build` runs it too.
 */
import { chmod } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Builds the command line into outDir; returns the path of its entry. */
export async function buildCommandLine(outDir = path.join(ROOT, "build", "cli")): Promise<string> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: {
      factor: "scripts/factor.ts",
      // Started by the entry beside itself (see scripts/factor.ts).
      "factor-task-thread": "server/factor-task-thread.ts",
    },
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // tsx is only for running the TypeScript sources; the compiled entry never loads it.
    external: ["tsx"],
    banner: { js: "#!/usr/bin/env node" },
    logLevel: "warning",
  });
  const entry = path.join(outDir, "factor.mjs");
  await chmod(entry, 0o755);
  return entry;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const entry = await buildCommandLine(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`Built ${path.relative(process.cwd(), entry)}.`);
}
