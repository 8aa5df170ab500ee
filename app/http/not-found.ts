import { data } from "react-router";
import { z } from "zod";

/** The 404 a loader throws when its address names nothing; the error page shows the address. */
export function pageNotFound(path: string) {
  return data({ message: `Page not found: ${path}` }, { status: 404 });
}

const uuid = z.uuid();

/** What the id in the address names, or the 404 page at `path` when the id is no UUID or names nothing. */
export async function findByIdOr404<T>(
  id: string,
  find: (id: string) => Promise<T | null | undefined>,
  path: string,
): Promise<T> {
  const found = uuid.safeParse(id).success ? await find(id) : undefined;
  if (!found) throw pageNotFound(path);
  return found;
}
