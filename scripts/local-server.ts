import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** A loopback port nothing listens on now, for a server a script starts itself. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== "object" || address === null) throw new Error("no free port");
  return address.port;
}

/** Waits up to a minute for a starting server's /healthz to answer 200. */
export async function waitForHealthy(baseUrl: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${baseUrl}/healthz did not answer within 60 s`);
}
