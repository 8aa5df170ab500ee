import http from "node:http";
import type { AddressInfo } from "node:net";
import { uniqueClientIp } from "./accounts";

export interface SwitchingProxy {
  /** The one origin the browser sees (a service worker's origin stays the same across a switch). */
  origin: string;
  /** From now on, requests go to `target` (an origin such as http://127.0.0.1:4000). */
  switchTo(target: string): void;
  close(): Promise<void>;
}

/**
 * A loopback proxy in front of a server the test replaces: switching it is a deploy as the browser
 * sees one, without stopping a server and starting another on its port. Requests carry a client
 * address of their own (accounts.ts) and the upstream's Host, which the servers check.
 */
export async function startSwitchingProxy(target: string): Promise<SwitchingProxy> {
  let upstream = new URL(target);
  const clientIp = uniqueClientIp();
  const proxy = http.createServer((request, response) => {
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        // Origin too, as a reverse proxy in front of the app does: same-origin POSTs (analytics) pass the origin check.
        headers: {
          ...request.headers,
          host: upstream.host,
          ...(request.headers.origin ? { origin: upstream.origin } : {}),
          "x-forwarded-for": clientIp,
        },
        agent: false,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on("error", () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    switchTo: (next) => void (upstream = new URL(next)),
    close: () => {
      proxy.closeAllConnections();
      return new Promise((resolve) => proxy.close(() => resolve()));
    },
  };
}
