import type { Plugin } from "vite";

/** The modules every page runs before it hydrates: the client entry and the root route. */
const SHELL_ENTRY = /[\\/]app[\\/](root\.tsx|entry\.client\.tsx)(\?|$)/;

/**
 * What every page loads just after it hydrates, by dynamic import from the shell: the offline and
 * new-build support, the analytics client, and the update prompts (loaded early on purpose, see
 * offline-shell.tsx).
 */
const LATER_ENTRY =
  /[\\/]app[\\/](offline[\\/]offline-startup\.client\.ts|analytics[\\/]client[\\/]analytics\.client\.ts|components[\\/]offline[\\/]update-prompts\.tsx)$/;

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** `starts` and every module they import statically, directly or not, except those in `excluded`. */
function staticClosure(graph: ModuleGraph, starts: string[], excluded: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  const pending = [...starts];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (found.has(id) || excluded.has(id)) continue;
    found.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/**
 * Two chunks for the code every page runs (issue 23): `shell`, what the client entry and the root
 * route import statically, and `shell-later`, what the root loads just after hydration. Every page
 * loads both whole anyway, so joining them costs no page a byte, and saves it dozens of requests (the
 * automatic split cut the root's code into some 70 files); the route manifest lists one file where it
 * listed dozens. Route modules keep the automatic split.
 */
export function shellChunks(): Plugin {
  let shell = new Set<string>();
  let later = new Set<string>();
  return {
    name: "numberlab-shell-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const ids = [...this.getModuleIds()];
      // The entry modules stay entries (React Router loads the root route's module by its own name).
      const entries = ids.filter((id) => SHELL_ENTRY.test(id));
      const entrySet = new Set(entries);
      const imported = entries.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
      shell = staticClosure(this, imported, entrySet);
      later = staticClosure(
        this,
        ids.filter((id) => LATER_ENTRY.test(id)),
        new Set([...shell, ...entrySet]),
      );
      if (shell.size < 100 || later.size < 3) {
        // The patterns above no longer match the app: fail loudly rather than ship an unsplit shell.
        this.error(`shell chunks: found ${shell.size} shell and ${later.size} later modules`);
      }
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: "shell", test: (id: string) => shell.has(id), priority: 2 },
            { name: "shell-later", test: (id: string) => later.has(id), priority: 1 },
          ],
        },
      };
    },
  };
}
