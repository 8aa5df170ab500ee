import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webPush from "web-push";
import { z } from "zod";
import { publicOrigin } from "../http/public-origin.server";
import { getEnv } from "../utils/env.server";

export const KEYS_FILE = "vapid-keys.json";

export interface VapidKeys {
  /** base64url of the uncompressed P-256 point: the browser's applicationServerKey. */
  publicKey: string;
  privateKey: string;
  /** mailto: or https: — who push services can contact about our sends (RFC 8292 `sub`). */
  subject: string;
}

const storedKeysSchema = z.object({
  publicKey: z.string().regex(/^[\w-]{87}$/),
  privateKey: z.string().regex(/^[\w-]{43}$/),
});

/**
 * The configured pair (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY), or one generated on first start and
 * kept in DATA_DIR, as the session secret is: subscriptions are bound to the public key, so it must
 * survive restarts. Several instances must be given one pair (docs/push.md).
 */
export function resolveVapidKeys(
  configured: { publicKey?: string; privateKey?: string; subject?: string },
  dataDir: string,
  publicOrigin: string,
): VapidKeys {
  const subject = configured.subject ?? publicOrigin.replace(/^http:/, "https:");
  if (configured.publicKey && configured.privateKey) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey, subject };
  }
  const file = path.join(dataDir, KEYS_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    // "wx" fails if another process created the file first; then we read theirs.
    writeFileSync(file, JSON.stringify(webPush.generateVAPIDKeys()), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const stored = storedKeysSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!stored.success) throw new Error(`${file} does not hold a VAPID key pair; delete it to generate a new one.`);
  return { ...stored.data, subject };
}

let cached: VapidKeys | undefined;

/** This server's VAPID keys (see resolveVapidKeys), read once. */
export function getVapidKeys(): VapidKeys {
  if (!cached) {
    const env = getEnv();
    cached = resolveVapidKeys(
      { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT },
      env.DATA_DIR,
      publicOrigin(),
    );
  }
  return cached;
}
