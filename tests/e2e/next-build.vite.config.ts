import path from "node:path";
import { defineConfig, loadConfigFromFile, mergeConfig, type Plugin } from "vite";

/** Set by the next build's code in the page, so a journey can tell which build runs there. */
export const NEXT_BUILD_MARKER = "numberlabNextBuild";

/**
 * The journeys' "next build" (tests/e2e/new-build.spec.ts): the project's build whose browser entry
 * also sets a marker. Its chunk's name changes, hence the build id (a hash of the chunk names) and the
 * worker's precache, as after a real deploy. `react-router build . --config <this file>`.
 */
function markNextBuild(): Plugin {
  return {
    name: "numberlab:e2e-next-build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (id.endsWith("/app/entry.client.tsx"))
        return `${code}\nObject.assign(window, { ${NEXT_BUILD_MARKER}: true });\n`;
    },
  };
}

export default defineConfig(async (env) => {
  // The project's own config, as `react-router build` (run from the project's root) would load it.
  const project = await loadConfigFromFile(env, path.resolve("vite.config.ts"));
  if (!project) throw new Error("vite.config.ts not found: run from the project's root");
  return mergeConfig(project.config, { plugins: [markNextBuild()] });
});
