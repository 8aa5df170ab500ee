/**
 * A URL path with its %-escapes decoded, or null when they do not decode to
 * UTF-8. The result is what callers use: the bundler drops a decodeURIComponent
 * whose result is unused, try block and all.
 */
export function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
