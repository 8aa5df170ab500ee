import express from "express";
import { describe, expect, it } from "vitest";
import { serverErrorRecorder, type FinishedError } from "./server-errors";

describe("serverErrorRecorder", () => {
  it("hands over each answer of 500 and above once it is sent, without the query string", async () => {
    const noted: FinishedError[] = [];
    const app = express();
    app.use(serverErrorRecorder((error) => noted.push(error)));
    app.get("/fine", (_req, res) => void res.send("ok"));
    app.get("/missing", (_req, res) => void res.status(404).send("no"));
    app.post("/busy", (_req, res) => void res.status(503).send("busy"));
    app.get("/throws", () => {
      throw new Error("boom");
    });
    // Express's own error handler would print the stack; this one answers plainly.
    app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(500).send("failed");
    });
    const server = app.listen(0);
    const port = (server.address() as { port: number }).port;
    try {
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/fine`)).status).toBe(200);
      expect((await fetch(`${base}/missing`)).status).toBe(404);
      expect((await fetch(`${base}/busy?key=secret`, { method: "POST" })).status).toBe(503);
      expect((await fetch(`${base}/throws?token=x`)).status).toBe(500);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(noted).toEqual([
        { method: "POST", path: "/busy", status: 503 },
        { method: "GET", path: "/throws", status: 500 },
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
