import type { RequestHandler } from "express";

export interface FinishedError {
  method: string;
  path: string;
  status: number;
}

/**
 * Hands every answer of 500 and above to `note` once it has been sent (the dashboard counts them,
 * app/analytics/server-error-log.server.ts stores them). The path loses its query string, which may
 * carry secrets. `note` runs after the response, so it never delays or changes it.
 */
export function serverErrorRecorder(note: (error: FinishedError) => unknown): RequestHandler {
  return (req, res, next) => {
    res.on("finish", () => {
      if (res.statusCode < 500) return;
      note({ method: req.method, path: req.originalUrl.split("?")[0] ?? "/", status: res.statusCode });
    });
    next();
  };
}
