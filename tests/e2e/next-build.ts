import { execSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The journeys' second build (tests/e2e/new-build.spec.ts): `npm run build`'s steps, the first run with
 * tests/e2e/next-build.vite.config.ts, into `<BUILD_DIR>-next`. A server started on it acts as the
 * next deploy of the build under test.
 */
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";
export const NEXT_BUILD_DIR = `${BUILD_DIR}-next`;

function builtAt(buildDir: string): number | null {
  try {
    return statSync(path.join(buildDir, "server/index.js")).mtimeMs;
  } catch {
    return null;
  }
}

/** Whether the next build is missing, or older than the build under test (then it may lack its changes). */
export function nextBuildIsStale(): boolean {
  const next = builtAt(NEXT_BUILD_DIR);
  const current = builtAt(BUILD_DIR);
  if (current === null) throw new Error(`No build in ${BUILD_DIR}: run npm run build first`);
  return next === null || next < current;
}

/** Builds the next build the way package.json's `build` script builds, with the marking config. */
export function buildNext(): void {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  const build = scripts.build ?? "";
  const command = build.replace(
    /^react-router build(?= |$)/,
    "react-router build . --config tests/e2e/next-build.vite.config.ts",
  );
  if (command === build) throw new Error(`package.json's build no longer starts with "react-router build": ${build}`);
  execSync(command, {
    stdio: "inherit",
    env: {
      ...process.env,
      BUILD_DIR: NEXT_BUILD_DIR,
      PATH: `${path.resolve("node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`,
    },
  });
}

// `tsx tests/e2e/next-build.ts` (npm run build:e2e-next): builds it when stale.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (nextBuildIsStale()) buildNext();
  else console.log(`${NEXT_BUILD_DIR} is up to date`);
}
