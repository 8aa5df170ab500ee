import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState, type ReactNode } from "react";
import { useFetcher, useLocation, useRevalidator } from "react-router";
import { PasskeyRegisterButton } from "../auth/passkey-register-button";
import { ProfileSection } from "./profile-section";
import type { Passkey } from "#app/models/passkey.server";
import { formatDate } from "#app/utils/format-date";
import { PASSKEY_NAME_MAX_LENGTH } from "#app/auth/passkey-rules";
import type { PasskeysSectionView } from "#app/auth/passkeys.server";

/**
 * The account's passkeys: each with its name, when it was added and last
 * used, Rename and Remove; and a button to add one. The last way to sign in
 * cannot be removed (the server refuses; the button says so first).
 */
export function PasskeysSection({ passkeys, signInMethodCount, available }: PasskeysSectionView) {
  const [name, setName] = useState("");
  const [feedback, setFeedback] = useState<{ severity: "success" | "error"; message: ReactNode } | null>(null);
  const revalidator = useRevalidator();
  const canRemove = signInMethodCount > 1;

  return (
    <ProfileSection
      id="passkeys"
      title="Passkeys"
      description="Sign in with your fingerprint, face, screen lock or a security key instead of a password. A passkey stays on your device or in your password manager, and cannot be phished."
    >
      <Stack spacing={2}>
        {passkeys.length === 0 ? (
          <Typography color="text.secondary">You have no passkeys yet.</Typography>
        ) : (
          <List disablePadding aria-label="Your passkeys">
            {passkeys.map((passkey) => (
              <PasskeyItem key={`${passkey.id}:${passkey.name}`} passkey={passkey} canRemove={canRemove} />
            ))}
          </List>
        )}
        {!canRemove && passkeys.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            Your passkey is your only way to sign in. Add another passkey or a password before removing it.
          </Typography>
        )}
        {feedback && (
          <Alert
            severity={feedback.severity}
            role={feedback.severity === "error" ? "alert" : "status"}
            onClose={() => setFeedback(null)}
          >
            {feedback.message}
          </Alert>
        )}
        {!available && (
          <Alert severity="info">
            Passkeys are switched off on this site for now: you cannot sign in with one or add one. Your passkeys are
            kept, and work again once passkeys are switched back on.
          </Alert>
        )}
        {available && (
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
            <TextField
              label="Passkey name (optional)"
              placeholder="e.g. Work laptop"
              size="small"
              value={name}
              onChange={(event) => setName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX_LENGTH } }}
              sx={{ width: { sm: 280 } }}
            />
            <PasskeyRegisterButton
              name={name}
              onStart={() => setFeedback(null)}
              onError={(message) => setFeedback({ severity: "error", message })}
              onRegistered={(passkey) => {
                setName("");
                setFeedback({
                  severity: "success",
                  message: (
                    <>
                      Passkey added: <strong>{passkey.name}</strong>. You can now use it to sign in.
                    </>
                  ),
                });
                void revalidator.revalidate();
              }}
            />
          </Stack>
        )}
      </Stack>
    </ProfileSection>
  );
}

function PasskeyItem({ passkey, canRemove }: { passkey: Passkey; canRemove: boolean }) {
  const fetcher = useFetcher<{ error?: string; field?: string }>();
  const location = useLocation();
  const [renaming, setRenaming] = useState(false);
  const redirectTo = `${location.pathname}${location.search}`;
  const busy = fetcher.state !== "idle";
  // A success redirects and leaves the fetcher's data as it was; the item is keyed by its
  // name, so a rename that worked mounts a fresh item and only refusals are ever shown here.
  const error = busy ? undefined : fetcher.data?.error;
  const nameError = fetcher.data?.field === "name" ? error : undefined;
  const used = passkey.lastUsedAt ? `last used ${formatDate(passkey.lastUsedAt)}` : "not used yet";

  return (
    <ListItem disableGutters divider sx={{ display: "block", py: 1.5 }}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
      >
        <div>
          <Typography sx={{ fontWeight: 500, overflowWrap: "anywhere" }}>{passkey.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            Added {formatDate(passkey.createdAt)} · {used}
          </Typography>
        </div>
        {!renaming && (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Button color="inherit" onClick={() => setRenaming(true)} aria-label={`Rename passkey ${passkey.name}`}>
              Rename
            </Button>
            <fetcher.Form method="post" action="/profile/passkeys">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="id" value={passkey.id} />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <Button
                type="submit"
                color="error"
                disabled={busy || !canRemove}
                aria-label={`Remove passkey ${passkey.name}`}
              >
                Remove
              </Button>
            </fetcher.Form>
          </Stack>
        )}
      </Stack>
      {renaming && (
        <fetcher.Form
          method="post"
          action="/profile/passkeys"
          onSubmit={(event) => {
            // The same name again changes nothing: just close the form.
            const name = new FormData(event.currentTarget).get("name");
            if (typeof name === "string" && name.trim() === passkey.name) {
              event.preventDefault();
              setRenaming(false);
            }
          }}
        >
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={passkey.id} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ mt: 1.5, alignItems: { sm: "flex-start" } }}>
            <TextField
              name="name"
              label={`New name for ${passkey.name}`}
              size="small"
              defaultValue={passkey.name}
              required
              autoFocus
              error={Boolean(nameError)}
              helperText={nameError}
              slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX_LENGTH } }}
              sx={{ minWidth: { sm: 300 } }}
            />
            <Button type="submit" variant="contained" disabled={busy}>
              Save
            </Button>
            <Button type="button" color="inherit" onClick={() => setRenaming(false)}>
              Cancel
            </Button>
          </Stack>
        </fetcher.Form>
      )}
      {error && !nameError && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      )}
    </ListItem>
  );
}
