import http, { type IncomingMessage, type Server, type ServerResponse } from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { prepareGracefulClose, type CloseGracefully } from "./graceful-shutdown";

interface Reply {
  status: number;
  body: string;
  endedAt: number;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const servers: Server[] = [];
const agents: http.Agent[] = [];

afterEach(async () => {
  for (const agent of agents.splice(0)) agent.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function start(handler: Handler): Promise<{ server: Server; port: number; closeGracefully: CloseGracefully }> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, closeGracefully: prepareGracefulClose(server) };
}

function keepAliveAgent(): http.Agent {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return agent;
}

/** A GET whose promise rejects if the connection is refused or cut. */
function get(port: number, path: string, agent: http.Agent | false = false): Promise<Reply> {
  return new Promise<Reply>((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, endedAt: performance.now() }));
      res.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** Resolves when the server has received `count` requests. */
function requestsReceived(server: Server, count = 1): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    server.on("request", () => {
      seen += 1;
      if (seen === count) resolve();
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe("prepareGracefulClose", () => {
  it("lets a request in flight finish with 200, then runs cleanup", async () => {
    let finish: () => void = () => {};
    const { server, port, closeGracefully } = await start((req, res) => {
      if (req.url === "/slow") finish = () => res.end("done");
      else res.end("quick");
    });
    const received = requestsReceived(server);
    const reply = get(port, "/slow");
    await received;

    let cleanupAt: number | undefined;
    const closing = closeGracefully(async () => {
      cleanupAt = performance.now();
    }, 5000);
    await sleep(100);
    expect(cleanupAt).toBeUndefined();
    finish();

    const result = await closing;
    const { status, body, endedAt } = await reply;
    expect({ status, body }).toEqual({ status: 200, body: "done" });
    expect(result).toEqual({ forced: false });
    expect(cleanupAt).toBeDefined();
    expect(cleanupAt!).toBeGreaterThanOrEqual(endedAt - 50);
    expect(server.listening).toBe(false);
  });

  it("finishes promptly when the in-flight request was on a keep-alive connection", async () => {
    let finish: () => void = () => {};
    const { server, port, closeGracefully } = await start((_req, res) => {
      finish = () => res.end("done");
    });
    const received = requestsReceived(server);
    const reply = get(port, "/slow", keepAliveAgent());
    await received;

    const started = performance.now();
    const closing = closeGracefully(async () => {}, 3000);
    await sleep(50);
    finish();
    expect((await reply).status).toBe(200);
    // The connection turns idle after its response; it must not hold shutdown until the grace period ends.
    expect(await closing).toEqual({ forced: false });
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it("refuses new connections once its listener has closed", async () => {
    let finish: () => void = () => {};
    const { server, port, closeGracefully } = await start((_req, res) => {
      finish = () => res.end("done");
    });
    const received = requestsReceived(server);
    const inFlight = get(port, "/slow");
    await received;

    const closing = closeGracefully(async () => {}, 5000);
    while (server.listening) await sleep(5);
    await expect(get(port, "/new")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    finish();
    expect((await inFlight).status).toBe(200);
    await closing;
  });

  it("cuts a request that never finishes after graceMs and reports forced", async () => {
    const { server, port, closeGracefully } = await start(() => {
      // Never answers.
    });
    const received = requestsReceived(server);
    const stuck = get(port, "/stuck");
    stuck.catch(() => {});
    await received;

    let cleanedUp = false;
    const started = performance.now();
    const result = await closeGracefully(async () => {
      cleanedUp = true;
    }, 200);
    const elapsed = performance.now() - started;
    expect(result).toEqual({ forced: true });
    expect(cleanedUp).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(2000);
    await expect(stuck).rejects.toThrow();
  });

  it("does not wait for idle keep-alive connections", async () => {
    const { port, closeGracefully } = await start((_req, res) => res.end("ok"));
    const agent = keepAliveAgent();
    expect((await get(port, "/", agent)).status).toBe(200);
    expect((await get(port, "/", agent)).status).toBe(200);
    // The agent now holds an open, idle connection to the server.
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(1);

    const started = performance.now();
    expect(await closeGracefully(async () => {}, 5000)).toEqual({ forced: false });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("serves a connection accepted just before closing whose request is read after", async () => {
    const { server, port, closeGracefully } = await start((_req, res) => res.end("late but served"));
    const accepted = new Promise((resolve) => server.once("connection", resolve));
    const socket = net.connect(port, "127.0.0.1");
    await accepted;

    // The connection is open but has sent nothing yet: Node counts it as idle, and its close would end it.
    const closing = closeGracefully(async () => {}, 5000);
    await sleep(100);
    const answer = new Promise<string>((resolve, reject) => {
      let text = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => (text += chunk));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text).toMatch(/\r\nConnection: close\r\n/i);
    expect(text).toMatch(/late but served$/);
    expect(await closing).toEqual({ forced: false });
  });

  it("accepts the connections the kernel queued before the listener closes, and answers them", async () => {
    const { port, closeGracefully } = await start((_req, res) => res.end("queued but served"));
    const replies = Array.from({ length: 5 }, () => get(port, "/"));
    // Node connects on the next tick; the kernel completes the handshakes at once on loopback, so after
    // this tick the connections wait in the listener's queue, not yet accepted by the event loop.
    await new Promise((resolve) => process.nextTick(resolve));
    const closing = closeGracefully(async () => {}, 5000);
    const settled = await Promise.allSettled(replies);
    expect(settled.map((reply) => (reply.status === "fulfilled" ? reply.value.body : String(reply.reason)))).toEqual(
      Array(5).fill("queued but served"),
    );
    expect(await closing).toEqual({ forced: false });
  });

  it("passes a failing cleanup on to the caller", async () => {
    const { closeGracefully } = await start((_req, res) => res.end("ok"));
    await expect(
      closeGracefully(async () => {
        throw new Error("database would not close");
      }, 1000),
    ).rejects.toThrow("database would not close");
  });
});
