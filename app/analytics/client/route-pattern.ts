/**
 * The route pattern of a page from its path and React Router's params (the last match holds them all):
 * each segment that is a param's value becomes `:name`, a splat's segments become `*`. Events carry the
 * pattern, so every quiz attempt counts as one page, `/quiz/:attemptId`.
 *
 * Params are matched from the end of the path, the last param first: a param comes after the static
 * segments of its route, so a value that happens to equal a static segment (`/admin/content/content`)
 * still replaces the param's segment.
 */
export function routePatternOf(pathname: string, params: Readonly<Record<string, string | undefined>>): string {
  const segments = pathname.split("/");
  const splat = params["*"];
  if (splat) {
    const count = splat.split("/").length;
    segments.splice(segments.length - count, count, "*");
  }
  let end = splat ? segments.length - 1 : segments.length;
  for (const [name, value] of Object.entries(params).reverse()) {
    if (name === "*" || value === undefined || value === "") continue;
    for (let index = end - 1; index > 0; index -= 1) {
      if (decodeSegment(segments[index]!) === value) {
        segments[index] = `:${name}`;
        end = index;
        break;
      }
    }
  }
  return segments.join("/") || "/";
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
