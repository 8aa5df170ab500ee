import type { Server } from "node:http";

export const SHUTDOWN_GRACE_MS = 10_000;
/** How often connections that went idle since shutdown began are closed. */
const IDLE_SWEEP_MS = 50;

/**
 * Stops accepting connections, lets in-flight requests finish (closing idle
 * keep-alive sockets at once), then runs `cleanup`. After `graceMs` the
 * remaining connections are cut so a stuck request cannot block a deploy.
 */
export async function closeGracefully(
  server: Server,
  cleanup: () => Promise<void>,
  graceMs = SHUTDOWN_GRACE_MS,
): Promise<{ forced: boolean }> {
  let forced = false;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A keep-alive connection busy when close began turns idle after its response; close it then too.
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const timer = setTimeout(() => {
    forced = true;
    server.closeAllConnections();
  }, graceMs);
  await closed;
  clearInterval(sweep);
  clearTimeout(timer);
  await cleanup();
  return { forced };
}
