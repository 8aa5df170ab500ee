import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";

export type LogWriter = (line: string) => void;

/** One JSON line per finished request: easy to grep, easy to ship to a log store. */
export function requestLog(write: LogWriter = (line) => process.stdout.write(`${line}\n`)): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    // A proxy's request id is kept so logs can be joined; anything odd-looking is replaced.
    const incoming = req.get("x-request-id");
    const requestId = incoming && /^[\w.:-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      write(
        JSON.stringify({
          time: new Date().toISOString(),
          level: res.statusCode >= 500 ? "error" : "info",
          msg: "request",
          requestId,
          method: req.method,
          path: req.originalUrl.split("?")[0],
          status: res.statusCode,
          durationMs: Math.round(durationMs * 10) / 10,
          bytes: Number(res.getHeader("content-length") ?? 0) || undefined,
          userAgent: req.get("user-agent")?.slice(0, 200),
        }),
      );
    });
    next();
  };
}

export function logEvent(msg: string, fields: Record<string, unknown> = {}, level = "info"): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
}
