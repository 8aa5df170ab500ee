import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";

/** Starts an Express app on an ephemeral loopback port, for middleware tests. */
export async function listenOnLoopback(app: Express): Promise<{ server: Server; url: string }> {
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

export async function stopServer(server: Server | undefined): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
