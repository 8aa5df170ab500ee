import { spawn } from "node:child_process";
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

/**
 * The built app (npm run build) from `root` on a free loopback port, on SQLite in `dataDir` (never the
 * caller's DATABASE_URL or APP_URL), without request logs; resolves once /healthz answers.
 */
export async function startBuiltApp(root: string, dataDir: string): Promise<{ baseUrl: string; stop(): void }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _database, APP_URL: _app, ...inherited } = process.env;
  const server = spawn("node", ["--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_REQUESTS: "false",
    },
    stdio: "ignore",
  });
  const stop = () => void server.kill("SIGTERM");
  try {
    await waitForHealthy(baseUrl);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, stop };
}
