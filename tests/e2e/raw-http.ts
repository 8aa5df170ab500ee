import net from "node:net";

/** Bodies larger than this wait a moment after the headers, in case the server answers from those alone. */
export const EARLY_ANSWER_BYTES = 64 * 1024;
const EARLY_ANSWER_WAIT_MS = 50;
/** The wait when the answer must come from the headers (a body over the server's limit); a hang guard. */
const SURE_EARLY_ANSWER_WAIT_MS = 5_000;

export interface RawRequest {
  method?: string;
  /** The request target byte for byte (latin1), so it can be anything the HTTP parser lets through. */
  target: string;
  /** In the order given; null leaves a default header (Host, Connection) out. */
  headers?: Record<string, string | null>;
  body?: Uint8Array;
  /** Sends a Content-Length this many bytes longer than the body, then ends: a body cut off on the way. */
  missingBytes?: number;
  /** The server answers from the headers alone (the body is over its limit): wait for that before sending it. */
  answersUnread?: boolean;
}

export interface RawResponse {
  /** 0 when the server closed the connection without an answer. */
  status: number;
  /** Lower-case names; repeated headers joined with "\n". */
  headers: Record<string, string>;
}

/**
 * Sends a request as written, without the mending fetch and browsers do (percent-encoding
 * the target, refusing control characters or non-ASCII in headers), over a connection of its own.
 */
export function rawRequest(baseURL: string, request: RawRequest): Promise<RawResponse> {
  const { method = "GET", target, headers = {}, body, missingBytes = 0, answersUnread = false } = request;
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const lines = [`${method} ${target} HTTP/1.1`];
    const all: Record<string, string | null> = { Host: `${hostname}:${port}`, Connection: "close", ...headers };
    if (body !== undefined) all["Content-Length"] = String(body.byteLength + missingBytes);
    for (const [name, value] of Object.entries(all)) if (value !== null) lines.push(`${name}: ${value}`);
    socket.write(Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"));
    const sendBody = () => {
      if (chunks.length > 0 || socket.destroyed) return;
      if (body !== undefined) socket.write(body);
      // Otherwise written, not ended: a server may drop a request whose client closed its side before the answer.
      if (missingBytes > 0) socket.end();
    };
    // A server that answers a large body unread (413 from its length, a guard's redirect) then closes the
    // connection, and a client still sending gets a reset that loses the answer: give it the time to answer first.
    if (answersUnread) setTimeout(sendBody, SURE_EARLY_ANSWER_WAIT_MS);
    else if (body !== undefined && body.byteLength > EARLY_ANSWER_BYTES) setTimeout(sendBody, EARLY_ANSWER_WAIT_MS);
    else sendBody();
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    const done = () => resolve(parseHead(Buffer.concat(chunks).toString("latin1")));
    socket.on("close", done);
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNRESET" || error.code === "EPIPE") done();
      else reject(error);
    });
  });
}

function parseHead(answer: string): RawResponse {
  const end = answer.indexOf("\r\n\r\n");
  const head = end === -1 ? answer : answer.slice(0, end);
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}\n${value}` : value;
  }
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0), headers };
}
