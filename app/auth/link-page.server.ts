import type { RouterContextProvider } from "react-router";
import type { EmailTokenPurpose } from "#database/schema";
import { findEmailToken } from "../models/email-token.server";
import { getDatabase } from "../utils/db.server";
import { readLinkToken } from "./link-token";
import { checkRateLimits, rateLimits } from "../http/rate-limits.server";
import { serverInfoContext } from "../http/request-context";

/**
 * What the page an e-mailed link opens may show: the address the live link
 * was sent to, or that it is not valid. Opening a link never uses it; the
 * page's POST does, so mail scanners that prefetch links change nothing.
 */
export async function findLinkGrant(request: Request, purpose: EmailTokenPurpose) {
  const token = readLinkToken(new URL(request.url).searchParams.get("token"));
  const grant = token ? await findEmailToken(getDatabase().db, token, purpose) : undefined;
  return grant && token ? { valid: true as const, email: grant.email, token } : { valid: false as const };
}

/** Counts one use of a link against the client's limit; a 429 response when it is spent. */
export function limitLinkUse(context: Readonly<RouterContextProvider>) {
  return checkRateLimits([{ rule: rateLimits.linkUsePerIp, subject: context.get(serverInfoContext).clientIp }], {});
}
