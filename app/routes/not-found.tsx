import { pageNotFound } from "#app/http/not-found";
import type { Route } from "./+types/not-found";

/** Every path no other route claims: a real 404 naming the full path. */
function notFound(request: Request): never {
  const url = new URL(request.url);
  throw pageNotFound(`${decodePath(url.pathname)}${url.search}`);
}

export function loader({ request }: Route.LoaderArgs): never {
  notFound(request);
}

export function action({ request }: Route.ActionArgs): never {
  notFound(request);
}

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

export default function NotFound() {
  return null;
}
