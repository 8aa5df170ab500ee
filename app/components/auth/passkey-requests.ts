import type * as WebAuthnBrowser from "@simplewebauthn/browser";

/**
 * The browser side of the passkey endpoints: JSON in and out, and every way a
 * passkey prompt can fail turned into words for the person in front of it.
 */
type PasskeyOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

const UNREACHABLE = "Numberlab could not be reached. Check your connection and try again.";

/** POSTs JSON to one of our endpoints; a refusal comes back as its `{ error }` message. */
export async function postPasskeyJson<T>(url: string, body?: unknown): Promise<PasskeyOutcome<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body ?? {}),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, message: UNREACHABLE };
  }
  // A signed-out session is sent to the login page instead of answering.
  if (response.redirected && new URL(response.url).pathname === "/login") {
    return { ok: false, message: "Your session has ended. Log in again, then add your passkey." };
  }
  const payload: unknown = (response.headers.get("Content-Type") ?? "").includes("application/json")
    ? await response.json().catch(() => undefined)
    : undefined;
  if (response.ok && payload !== undefined) return { ok: true, value: payload as T };
  const error =
    payload && typeof payload === "object" && "error" in payload && typeof payload.error === "string"
      ? payload.error
      : `Something went wrong on our side (error ${response.status}). Please try again.`;
  return { ok: false, message: error };
}

/** What to tell the person when the browser's passkey prompt fails. */
export function describePasskeyError(error: unknown, ceremony: "sign-in" | "register"): string {
  const name = error instanceof Error ? error.name : "";
  // Browsers give the same error for a closed prompt, a timeout and a device with no passkey here.
  if (name === "NotAllowedError" || name === "AbortError") {
    return ceremony === "sign-in"
      ? "No passkey was used: the prompt was closed or timed out, or this device has no passkey for Numberlab. Try again, or sign in another way."
      : "No passkey was added: the prompt was closed or timed out. Try again when you are ready.";
  }
  if (name === "InvalidStateError") {
    return "This device already holds a passkey for your account. Use it to sign in, or add a passkey on another device.";
  }
  if (name === "SecurityError")
    return "Passkeys cannot be used on this address of the site. Open it over HTTPS and try again.";
  if (name === "NotSupportedError")
    return "This device or browser does not support the kind of passkey Numberlab uses.";
  return ceremony === "sign-in"
    ? "Your browser could not use a passkey. Try again, or sign in another way."
    : "Your browser could not create a passkey. Please try again.";
}

/**
 * The WebAuthn browser helper, downloaded on first use so it never weighs on
 * page load; or the message to show when it cannot load or the browser has
 * no WebAuthn.
 */
export async function loadWebAuthn(unsupported: string): Promise<PasskeyOutcome<typeof WebAuthnBrowser>> {
  try {
    const webauthn = await import("@simplewebauthn/browser");
    return webauthn.browserSupportsWebAuthn() ? { ok: true, value: webauthn } : { ok: false, message: unsupported };
  } catch {
    return { ok: false, message: "The passkey helper could not be loaded. Check your connection and try again." };
  }
}
