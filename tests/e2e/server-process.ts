import { spawn, type ChildProcess, type ChildProcessByStdio } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";

/** One OpenID provider whose discovery is never reached (port 9 answers nothing): its forms are refused first. */
export const UNREACHABLE_OIDC_PROVIDER = {
  OIDC_PROVIDERS: "down",
  OIDC_DOWN_NAME: "Down ID",
  OIDC_DOWN_ISSUER: "http://127.0.0.1:9",
  OIDC_DOWN_CLIENT_ID: "numberlab",
  OIDC_DOWN_CLIENT_SECRET: "secret",
};

export interface RunningServer {
  url: string;
  /** Where its links point without APP_URL: http://localhost on its port (url is its 127.0.0.1 twin). */
  publicOrigin: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * A port nobody listens on now, from the system. Counting up from a base per worker let two workers'
 * servers meet on one port: the loser exited, and the winner answered the loser's test.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts the built production server in its own process, as `npm run serve` would.
 * `preload` is a module run inside it first, talking to the test over an IPC channel; `port` is for
 * a restart on the port a stopped server had.
 */
export async function startServer(
  env: Record<string, string> = {},
  { preload, port: chosenPort }: { preload?: string; port?: number } = {},
): Promise<RunningServer> {
  const port = chosenPort ?? (await freePort());
  const preloadArgs = preload ? ["--import", preload] : [];
  const child = spawn(process.execPath, ["--import", "tsx", ...preloadArgs, "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "numberlab-proc-")),
      ...env,
    },
    stdio: preload ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
  }) as ChildProcessByStdio<null, Readable, Readable>;
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;

  // Compiling the server with tsx takes seconds on a busy two-core machine; this only guards against a hang.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    try {
      // Only once this child says it listens: an answer from another process on the port is not it.
      if (output.includes(`"msg":"listening","url":"http://localhost:${port}"`) && (await fetch(`${url}/healthz`)).ok) {
        break;
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`Server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    publicOrigin: `http://localhost:${port}`,
    process: child,
    output: () => output,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
