import FingerprintIcon from "@mui/icons-material/Fingerprint";
import Alert from "@mui/material/Alert";
import Button, { type ButtonProps } from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useState } from "react";
import { describePasskeyError, loadWebAuthn, postPasskeyJson } from "./passkey-requests";

export interface PasskeySignInButtonProps {
  /** Where to land after signing in (a same-site path; the server checks it again). */
  redirectTo: string;
  variant?: ButtonProps["variant"];
}

/**
 * Signs in with a discoverable passkey: the browser offers the site's
 * passkeys, so no e-mail address is typed. The WebAuthn helper is loaded on
 * the first click only, so pages that show the button carry none of it.
 */
export function PasskeySignInButton({ redirectTo, variant = "outlined" }: PasskeySignInButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signInWithPasskey() {
    setBusy(true);
    setError(null);
    const message = await runSignIn(redirectTo);
    // On success the page is being replaced; stay busy until it is.
    if (message) {
      setError(message);
      setBusy(false);
    }
  }

  return (
    <Stack spacing={1.5}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button
        type="button"
        variant={variant}
        color={variant === "contained" ? "primary" : "inherit"}
        size="large"
        fullWidth
        startIcon={<FingerprintIcon />}
        onClick={() => void signInWithPasskey()}
        disabled={busy}
      >
        {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </Button>
    </Stack>
  );
}

/** The whole ceremony; returns the message to show, or nothing once the browser is navigating away. */
async function runSignIn(redirectTo: string): Promise<string | undefined> {
  const loaded = await loadWebAuthn(
    "This browser cannot use passkeys. Try an up-to-date browser, or sign in another way.",
  );
  if (!loaded.ok) return loaded.message;
  const webauthn = loaded.value;
  const started = await postPasskeyJson<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    "/auth/passkey/sign-in/options",
  );
  if (!started.ok) return started.message;
  let response;
  try {
    response = await webauthn.startAuthentication({ optionsJSON: started.value.options });
  } catch (error) {
    return describePasskeyError(error, "sign-in");
  }
  const finished = await postPasskeyJson<{ redirectTo: string }>("/auth/passkey/sign-in", { response, redirectTo });
  if (!finished.ok) return finished.message;
  // A full page load, so every part of the page (header, theme) starts from the new session.
  window.location.assign(finished.value.redirectTo);
  return undefined;
}
