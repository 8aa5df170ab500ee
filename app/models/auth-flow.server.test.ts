import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { hashToken } from "../utils/secure-token.server";
import { deleteExpiredAuthFlows, peekAuthFlow, startAuthFlow, takeAuthFlow } from "./auth-flow.server";

describe.each(testDialects)("auth flows on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("keeps only the token's hash and returns the data once", async () => {
    const token = await startAuthFlow(database.db, { kind: "oidc", userId: null, data: { state: "s", n: 1 } });
    const ids = (await database.db.selectFrom("auth_flows").select("id").execute()).map((row) => row.id);
    expect(ids).toContain(hashToken(token));
    expect(ids).not.toContain(token);
    expect(await takeAuthFlow(database.db, token, "oidc")).toEqual({ userId: null, data: { state: "s", n: 1 } });
    expect(await takeAuthFlow(database.db, token, "oidc")).toBeUndefined();
  });

  it("gives a flow to only one of many simultaneous takers", async () => {
    const token = await startAuthFlow(database.db, { kind: "passkey-sign-in", userId: null, data: "challenge" });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => takeAuthFlow(database.db, token, "passkey-sign-in")),
    );
    expect(results.filter((result) => result !== undefined)).toHaveLength(1);
  });

  it("refuses a flow of another kind, an unknown token and an expired flow", async () => {
    const token = await startAuthFlow(database.db, { kind: "oidc", userId: null, data: {} });
    expect(await takeAuthFlow(database.db, token, "passkey-sign-in")).toBeUndefined();
    expect(await takeAuthFlow(database.db, "forged", "oidc")).toBeUndefined();
    const expired = await startAuthFlow(database.db, { kind: "oidc", userId: null, data: {}, lifetimeMs: -1000 });
    expect(await takeAuthFlow(database.db, expired, "oidc")).toBeUndefined();
    expect(await deleteExpiredAuthFlows(database.db)).toBeGreaterThanOrEqual(1);
  });

  it("lets a flow be read any number of times before it is taken, and not after", async () => {
    const flow = { userId: null, data: { subject: "s" } };
    const token = await startAuthFlow(database.db, { kind: "oidc-link", ...flow });
    expect(await peekAuthFlow(database.db, token, "oidc-link")).toEqual(flow);
    expect(await peekAuthFlow(database.db, token, "oidc-link")).toEqual(flow);
    expect(await takeAuthFlow(database.db, token, "oidc-link")).toEqual(flow);
    expect(await peekAuthFlow(database.db, token, "oidc-link")).toBeUndefined();
  });

  it("peeks only at a live flow of the kind asked for", async () => {
    const token = await startAuthFlow(database.db, { kind: "oidc", userId: null, data: {} });
    expect(await peekAuthFlow(database.db, token, "oidc-link")).toBeUndefined();
    expect(await peekAuthFlow(database.db, "forged", "oidc")).toBeUndefined();
    const expired = await startAuthFlow(database.db, { kind: "oidc", userId: null, data: {}, lifetimeMs: -1000 });
    expect(await peekAuthFlow(database.db, expired, "oidc")).toBeUndefined();
    // Peeking left the live one in place.
    expect(await takeAuthFlow(database.db, token, "oidc")).toEqual({ userId: null, data: {} });
  });
});
