import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const SECRET_FILE = "session-secret";

/**
 * The configured SESSION_SECRET, or one generated on first start and kept in
 * DATA_DIR so sessions survive restarts without any set-up.
 */
export function resolveSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    // "wx" fails if another process created the file first; then we read theirs.
    writeFileSync(file, randomBytes(48).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < 32) {
    throw new Error(`${file} holds a secret shorter than 32 characters; delete it to regenerate.`);
  }
  return secret;
}
