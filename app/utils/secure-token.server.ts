import { createHash, randomBytes } from "node:crypto";

/** 256 random bits from the CSPRNG, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: a hash, so a leaked table cannot be replayed. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
