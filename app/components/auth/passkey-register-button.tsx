import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useState } from "react";
import type { Passkey } from "#app/models/passkey.server";
import { describePasskeyError, loadWebAuthn, postPasskeyJson } from "./passkey-requests";

export interface PasskeyRegisterButtonProps {
  /** The name to give the new passkey; empty for a dated default. */
  name: string;
  onStart: () => void;
  onRegistered: (passkey: Passkey) => void;
  /** Why no passkey was added, in words for the person. */
  onError: (message: string) => void;
}

/**
 * Adds a passkey to the signed-in account: the browser asks the device (or a
 * password manager, or a security key) to create one for this site. The
 * WebAuthn helper is loaded on click.
 */
export function PasskeyRegisterButton({ name, onStart, onRegistered, onError }: PasskeyRegisterButtonProps) {
  const [busy, setBusy] = useState(false);

  async function addPasskey() {
    setBusy(true);
    onStart();
    const outcome = await runRegistration(name);
    setBusy(false);
    if (typeof outcome === "string") onError(outcome);
    else onRegistered(outcome);
  }

  return (
    <Button
      type="button"
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => void addPasskey()}
      disabled={busy}
      sx={{ flexShrink: 0 }}
    >
      {busy ? "Waiting for your device…" : "Add a passkey"}
    </Button>
  );
}

async function runRegistration(name: string): Promise<Passkey | string> {
  const loaded = await loadWebAuthn("This browser cannot create passkeys. Try an up-to-date browser.");
  if (!loaded.ok) return loaded.message;
  const webauthn = loaded.value;
  const started = await postPasskeyJson<{ options: PublicKeyCredentialCreationOptionsJSON }>(
    "/auth/passkey/register/options",
  );
  if (!started.ok) return started.message;
  let response;
  try {
    response = await webauthn.startRegistration({ optionsJSON: started.value.options });
  } catch (error) {
    return describePasskeyError(error, "register");
  }
  const finished = await postPasskeyJson<{ passkey: Passkey }>("/auth/passkey/register", {
    response,
    name: name.trim(),
  });
  return finished.ok ? finished.value.passkey : finished.message;
}
