import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Kysely } from "kysely";
import pg from "pg";
import webpush from "web-push";
import { openDatabase } from "#database/connection";
import type { Database } from "#database/schema";
import { startServer, type RunningServer } from "./server-process";

/**
 * Several production servers on one fresh PostgreSQL database behind a round-robin proxy on loopback,
 * as docs/running.md deploys them: for the tests that hold the app to being correct across instances.
 */
export interface InstanceCluster {
  /** The proxy's origin: what a browser would see. */
  origin: string;
  /** The instances, by index; an entry is replaced when that instance restarts. */
  instances: RunningServer[];
  proxy: RoundRobinProxy;
  /** The shared database, for setting up and counting (the test's own handle). */
  db: Kysely<Database>;
  /** Kills instance `index` at once (SIGKILL): no request of its finishes, nothing is flushed. */
  kill(index: number): Promise<void>;
  /** Stops instance `index` gracefully (SIGTERM) and starts it again on its port; resolves once it serves. */
  restart(index: number): Promise<void>;
  close(): Promise<void>;
}

export async function startInstanceCluster(
  adminUrl: string,
  { count = 3, env = {} }: { count?: number; env?: Record<string, string> } = {},
): Promise<InstanceCluster> {
  const name = `numberlab_cluster_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Every instance must share the secrets: the session cookie's signature and the push key pair.
  const vapid = webpush.generateVAPIDKeys();
  const shared = {
    DATABASE_URL: url.toString(),
    SESSION_SECRET: randomBytes(32).toString("hex"),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    TRUST_PROXY: "loopback",
    ...env,
  };
  // All start at once, as a deploy starts them: the migrations must not trip over each other.
  const instances = await Promise.all(Array.from({ length: count }, () => startServer(shared)));
  const proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
  const { db, close: closeDb } = openDatabase({ databaseUrl: shared.DATABASE_URL, dataDir: "unused" });
  return {
    origin: proxy.origin,
    instances,
    proxy,
    db,
    async kill(index) {
      const instance = instances[index]!;
      const exited = new Promise((resolve) => instance.process.once("exit", resolve));
      instance.process.kill("SIGKILL");
      await exited;
    },
    async restart(index) {
      const before = instances[index]!;
      const code = await before.stop();
      if (code !== 0) throw new Error(`Instance ${index} did not stop cleanly (${code}):\n${before.output()}`);
      instances[index] = await startServer(shared, { port: Number(new URL(before.url).port) });
    },
    async close() {
      await proxy.close();
      await Promise.all(instances.map((instance) => instance.stop()));
      await closeDb();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** What the proxy did with one request: where it went and whether an answer came back. */
export interface ProxiedRequest {
  /** The client's X-Request-Id. */
  id: string;
  upstream: number;
  /** When the proxy sent it there (Date.now()). */
  sentAt: number;
  outcome: "in-flight" | "answered" | "failed";
  /** When it failed (Date.now()). */
  failedAt?: number;
}

export interface RoundRobinProxy {
  origin: string;
  /** Every request that carried an X-Request-Id, by id. */
  requests: Map<string, ProxiedRequest>;
  close(): Promise<void>;
}

/** How long an upstream that refused a connection is left out before it is tried again. */
const DOWN_FOR_MS = 1_000;

/**
 * Round robin over the upstreams, as nginx's upstream block does with passive health checks: an
 * upstream that refuses the connection is left out for a while and the request goes to the next one
 * (it never reached the refused one, so it is safe to send again); a request an upstream accepted and
 * then dropped is not sent again (it may have been applied) and fails with 502. The body is read first,
 * so it can be sent twice. Like a proxy on the same machine, it appends the client's address to
 * X-Forwarded-For and passes on the Origin as the upstream's, which the servers check.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const targets = upstreams.map((origin) => ({ url: new URL(origin), downUntil: 0 }));
  const requests = new Map<string, ProxiedRequest>();
  let next = 0;

  const pick = (tried: Set<number>): number | null => {
    const now = Date.now();
    for (let step = 0; step < targets.length; step++) {
      const index = (next + step) % targets.length;
      if (!tried.has(index) && targets[index]!.downUntil <= now) {
        next = index + 1;
        return index;
      }
    }
    // Every upstream is down or tried: the first one not tried yet, down or not.
    const untried = targets.findIndex((_, index) => !tried.has(index));
    return untried === -1 ? null : untried;
  };

  const proxy = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const id = typeof request.headers["x-request-id"] === "string" ? request.headers["x-request-id"] : null;
      const forwardedFor = [request.headers["x-forwarded-for"], request.socket.remoteAddress]
        .filter(Boolean)
        .join(", ");
      const tried = new Set<number>();
      const send = () => {
        const index = pick(tried);
        if (index === null) {
          response.writeHead(502).end("No upstream answered.");
          return;
        }
        tried.add(index);
        const target = targets[index]!;
        const record: ProxiedRequest | null = id
          ? { id, upstream: index, sentAt: Date.now(), outcome: "in-flight" }
          : null;
        if (record) requests.set(record.id, record);
        const forwarded = http.request(
          {
            host: target.url.hostname,
            port: target.url.port,
            method: request.method,
            path: request.url,
            headers: {
              ...request.headers,
              host: target.url.host,
              ...(request.headers.origin ? { origin: target.url.origin } : {}),
              "x-forwarded-for": forwardedFor,
            },
            agent: false,
          },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
            answer.on("end", () => record && (record.outcome = "answered"));
            answer.on("error", () => {
              if (record) Object.assign(record, { outcome: "failed", failedAt: Date.now() });
              response.destroy();
            });
          },
        );
        forwarded.on("error", (error: NodeJS.ErrnoException) => {
          if (error.code === "ECONNREFUSED") {
            // Nothing reached this upstream: leave it out for a while and send the request elsewhere.
            target.downUntil = Date.now() + DOWN_FOR_MS;
            if (record) requests.delete(record.id);
            send();
            return;
          }
          if (record) Object.assign(record, { outcome: "failed", failedAt: Date.now() });
          if (response.headersSent) response.destroy();
          else response.writeHead(502).end("The upstream dropped the request.");
        });
        forwarded.end(body);
      };
      send();
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => {
      proxy.closeAllConnections();
      return new Promise((resolve) => proxy.close(() => resolve()));
    },
  };
}
