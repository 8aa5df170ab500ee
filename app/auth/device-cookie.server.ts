import { createCookie, type Cookie } from "react-router";
import { z } from "zod";
import { randomToken } from "../utils/secure-token.server";
import { getSessionSecret } from "./session.server";

/**
 * A browser where an account signed in before (OWASP's "device cookie"): its
 * password attempts for that account are limited on their own, so guesses
 * from anywhere else cannot lock the owner out there (ADR 0012).
 */
export interface KnownDevice {
  userId: string;
  /** Random, so each browser's attempts are counted apart. */
  deviceId: string;
}

const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** A shared computer remembers this many accounts, the most recent first. */
const ACCOUNTS_PER_DEVICE = 5;

const knownDevicesSchema = z
  .array(z.object({ userId: z.string().max(100), deviceId: z.string().max(100) }))
  .max(ACCOUNTS_PER_DEVICE);

const cookies = new Map<boolean, Cookie>();

/**
 * Signed with the session secret, so no one can claim a device for an account;
 * httpOnly, sent only by our own pages. Over HTTPS the __Host- prefix makes
 * browsers refuse one planted by another subdomain or a plain-HTTP page.
 */
function deviceCookie(secure: boolean): Cookie {
  let cookie = cookies.get(secure);
  if (!cookie) {
    cookie = createCookie(secure ? "__Host-device" : "device", {
      httpOnly: true,
      sameSite: "strict",
      path: "/",
      secure,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      secrets: [getSessionSecret()],
    });
    cookies.set(secure, cookie);
  }
  return cookie;
}

/** The accounts this browser signed in to before; none for a missing, forged or malformed cookie. */
export async function readKnownDevices(request: Request, { secure }: { secure: boolean }): Promise<KnownDevice[]> {
  const value: unknown = await deviceCookie(secure).parse(request.headers.get("Cookie"));
  const parsed = knownDevicesSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** The Set-Cookie header that makes this browser known for `userId`, keeping the other accounts it knows. */
export async function rememberDevice(request: Request, userId: string, { secure }: { secure: boolean }) {
  const known = await readKnownDevices(request, { secure });
  const deviceId = known.find((device) => device.userId === userId)?.deviceId ?? randomToken();
  const devices = [{ userId, deviceId }, ...known.filter((device) => device.userId !== userId)];
  return deviceCookie(secure).serialize(devices.slice(0, ACCOUNTS_PER_DEVICE));
}
