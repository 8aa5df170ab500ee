import type { Plugin } from "vite";

/** The modules every page runs before it hydrates: the client entry and the root route. */
const SHELL_ENTRY = /[\\/]app[\\/](root\.tsx|entry\.client\.tsx)(\?|$)/;

/**
 * What every page loads just after it hydrates, by dynamic import from the shell: the offline and
 * new-build support and the update prompts (loaded early on purpose, see offline-shell.tsx). Not the
 * analytics client: a page does not load it at all while analytics is switched off.
 */
const LATER_ENTRY =
  /[\\/]app[\\/](offline[\\/]offline-startup\.client\.ts|components[\\/]offline[\\/]update-prompts\.tsx)$/;

/** The landing page, the first page of most visits, whose requests issue 23 counts. */
const LANDING_ROUTE = /[\\/]app[\\/]routes[\\/]marketing[\\/]home\.tsx(\?|$)/;

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
 * listed dozens. A third, `landing`, holds the landing page's own imports. Other route modules keep
 * the automatic split.
 */
export function shellChunks(): Plugin {
  let shell = new Set<string>();
  let later = new Set<string>();
  let landing = new Set<string>();
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
      // The landing page's own code (cards, the course map) in one chunk rather than nine: other pages that
      // share a piece of it load a few kilobytes more, the landing page a few round trips less.
      const landingEntries = ids.filter((id) => LANDING_ROUTE.test(id));
      landing = staticClosure(
        this,
        landingEntries.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []),
        new Set([...shell, ...later, ...entrySet, ...landingEntries]),
      );
      if (shell.size < 100 || later.size < 3 || landing.size < 3) {
        // The patterns above no longer match the app: fail loudly rather than ship an unsplit shell.
        this.error(`shell chunks: found ${shell.size} shell, ${later.size} later and ${landing.size} landing modules`);
      }
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: "shell", test: (id: string) => shell.has(id), priority: 2 },
            { name: "shell-later", test: (id: string) => later.has(id), priority: 1 },
            { name: "landing", test: (id: string) => landing.has(id), priority: 0 },
          ],
        },
      };
    },
  };
}
