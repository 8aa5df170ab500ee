import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** A route from the built manifest: with an action, every URL a form (or a script) may POST to. */
export interface ActionRoute {
  id: string;
  /** The URL pattern, e.g. `/admin/content/:chapterId`. */
  pattern: string;
  /** Who the route's guards let through to the action. */
  access: "guest" | "signed-in";
  /** A page (which renders the error page) rather than a resource route (which answers data). */
  isPage: boolean;
  hasAction: boolean;
  hasLoader: boolean;
}

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasAction: boolean;
  hasLoader: boolean;
  hasDefaultExport: boolean;
}

/** Every route with an action, read from the client manifest of the build the e2e server runs. */
export function actionRoutes(buildDir?: string): ActionRoute[] {
  return manifestRoutes(buildDir).filter((route) => route.hasAction);
}

/** Every route with a path that answers requests (a loader or an action), from the same manifest. */
export function manifestRoutes(buildDir = process.env.BUILD_DIR ?? "build"): ActionRoute[] {
  const assets = path.join(buildDir, "client", "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}: build first.`);
  const source = readFileSync(path.join(assets, file), "utf8");
  const { routes } = JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as {
    routes: Record<string, ManifestRoute>;
  };
  const ancestry = (route: ManifestRoute): ManifestRoute[] =>
    route.parentId ? [...ancestry(routes[route.parentId]!), route] : [route];
  return (
    Object.values(routes)
      .filter((route) => route.hasAction || route.hasLoader)
      // Layouts add no URL of their own, and the root's loader answers with the page under it.
      .filter((route) => route.id !== "root" && (route.path !== undefined || route.index))
      .map((route) => {
        const chain = ancestry(route);
        const guarded = chain.some((entry) => /requires-(auth|admin)$/.test(entry.id));
        return {
          id: route.id,
          pattern: `/${chain
            .map((entry) => entry.path)
            .filter(Boolean)
            .join("/")}`,
          access: guarded ? "signed-in" : "guest",
          isPage: route.hasDefaultExport,
          hasAction: route.hasAction,
          hasLoader: route.hasLoader,
        } satisfies ActionRoute;
      })
  );
}

/** The pattern with each `:param` (and a final `*`) filled in from `values`. */
export function fillPattern(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:(\w+)|\*$/g, (whole, name: string | undefined) => {
    const value = values[name ?? "*"];
    if (value === undefined) throw new Error(`No value for ${whole} in ${pattern}: add one to the test.`);
    return encodeURIComponent(value).replaceAll("%2F", "/");
  });
}
