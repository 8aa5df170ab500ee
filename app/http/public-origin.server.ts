import { getEnv, type Env } from "../utils/env.server";

/** The names under which a machine reaches itself; without APP_URL only these are served. */
const LOOPBACK_HOSTNAMES = ["localhost", "127.0.0.1", "[::1]"] as const;

type OriginSettings = Pick<Env, "APP_URL" | "PORT">;

/**
 * The one origin every address the app hands out starts with: links in mail,
 * the OpenID redirect URI and the passkeys' relying party. It is APP_URL when
 * set, else the default install's `http://localhost:PORT`; never the request's
 * Host header, which the client chooses.
 */
export function publicOriginOf(settings: OriginSettings): string {
  return new URL(settings.APP_URL ?? `http://localhost:${settings.PORT}`).origin;
}

export function publicOrigin(): string {
  return publicOriginOf(getEnv());
}

/**
 * The Host values (lower case, with the port unless it is 80) the server
 * answers without APP_URL: the loopback names on its own port. With APP_URL
 * every host is served (health checks come by IP), since no address the app
 * hands out depends on it; null says so.
 */
export function servedHostsOf(settings: OriginSettings): ReadonlySet<string> | null {
  if (settings.APP_URL) return null;
  return new Set(LOOPBACK_HOSTNAMES.map((name) => new URL(`http://${name}:${settings.PORT}`).host));
}
