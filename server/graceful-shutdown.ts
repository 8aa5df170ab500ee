import type { Server } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import { setImmediate as nextTurn } from "node:timers/promises";

export const SHUTDOWN_GRACE_MS = 10_000;
/** How often connections that went idle since shutdown began are closed. */
const IDLE_SWEEP_MS = 50;
/** How long a connection accepted before shutdown may take to send its first request. */
const FIRST_REQUEST_WAIT_MS = 2_000;
/** At most this long is spent accepting connections already queued before the listener closes. */
const ACCEPT_DRAIN_MS = 500;

interface ConnectionState {
  /** Requests on this connection whose response has not closed yet. */
  active: number;
  served: number;
}

export type CloseGracefully = (cleanup: () => Promise<void>, graceMs?: number) => Promise<{ forced: boolean }>;

/**
 * Watches `server`'s connections from now on (call it right after listen) and returns the function
 * that stops it. Closing stops accepting, lets every request already sent finish, then runs `cleanup`;
 * after `graceMs` the remaining connections are cut so a stuck request cannot block a deploy.
 *
 * Behind a proxy, a request the proxy has sent must never be dropped, as it cannot safely send a POST
 * again. Two races in a plain `server.close()` drop them: connections the kernel completed but Node had
 * not accepted yet are reset when the listener closes, and Node's close also ends "idle" connections,
 * which includes one accepted a moment ago whose request bytes have not been read.
 */
export function prepareGracefulClose(server: Server): CloseGracefully {
  const connections = new Map<Socket, ConnectionState>();
  let closing = false;
  let acceptedSince = false;
  server.on("connection", (socket: Socket) => {
    acceptedSince = true;
    connections.set(socket, { active: 0, served: 0 });
    socket.once("close", () => connections.delete(socket));
  });
  // Before the app's handler, which may answer at once.
  server.prependListener("request", (req, res) => {
    const state = connections.get(req.socket);
    if (!state) return;
    state.active += 1;
    // A client must not send another request on a connection that is about to close.
    if (closing) res.setHeader("Connection", "close");
    res.once("close", () => {
      state.active -= 1;
      state.served += 1;
    });
  });

  return async (cleanup, graceMs = SHUTDOWN_GRACE_MS) => {
    closing = true;
    // Accept what the kernel has queued first. Node accepts one connection per turn of the event loop,
    // so close only after a whole turn (one that polled) accepted none; bounded, for a listener that
    // never goes quiet. The first turn may end without polling: this runs from a signal's callback.
    const drainUntil = performance.now() + ACCEPT_DRAIN_MS;
    await nextTurn();
    do {
      acceptedSince = false;
      await nextTurn();
    } while (acceptedSince && performance.now() < drainUntil);

    const startedAt = performance.now();
    // net.Server's close, not http.Server's, which would also end connections whose request is unread.
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    const closeIdle = () => {
      const waitedLong = performance.now() - startedAt >= FIRST_REQUEST_WAIT_MS;
      for (const [socket, state] of connections) {
        if (state.active === 0 && (state.served > 0 || waitedLong)) socket.destroy();
      }
    };
    closeIdle();
    const sweep = setInterval(closeIdle, IDLE_SWEEP_MS);
    let forced = false;
    const timer = setTimeout(() => {
      forced = true;
      server.closeAllConnections();
    }, graceMs);
    await closed;
    clearInterval(sweep);
    clearTimeout(timer);
    await cleanup();
    return { forced };
  };
}
