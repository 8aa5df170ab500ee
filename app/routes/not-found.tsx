import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** Every path no other route claims: a real 404 naming the full path. */
function notFound(request: Request): never {
  const url = new URL(request.url);
  throw data({ message: `Page not found: ${decodePath(url.pathname)}${url.search}` }, { status: 404 });
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
