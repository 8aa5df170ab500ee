import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { Form } from "react-router";
import { OidcButtons } from "../auth/oidc-buttons";
import type { IdentitiesSectionView } from "#app/auth/linked-identities.server";
import { formatDate } from "#app/utils/format-date";
import { ProfileSection } from "./profile-section";

/**
 * The profile's linked sign-in providers: Remove for each (posted to
 * /profile/identities, which answers with a redirect back here), and Link for
 * the providers not linked yet. Shows nothing when no provider is configured.
 */
export function IdentitiesSection({
  identities,
  linkable,
  available,
  canRemove,
  removalNote,
  notice,
}: IdentitiesSectionView) {
  if (identities.length === 0 && linkable.length === 0) return null;
  return (
    <ProfileSection
      id="identities"
      title="Sign-in providers"
      description="Log in with an account you already have elsewhere instead of your password."
    >
      {notice && (
        <Alert severity={notice.severity} role={notice.severity === "error" ? "alert" : "status"} sx={{ mb: 2 }}>
          {notice.message}
        </Alert>
      )}
      {identities.length === 0 ? (
        <Typography sx={{ mb: 2 }}>No provider is linked yet.</Typography>
      ) : (
        <List disablePadding aria-label="Linked providers" sx={{ mb: 2 }}>
          {identities.map((identity) => (
            <ListItem
              key={identity.id}
              disableGutters
              divider
              secondaryAction={
                <Form method="post" action="/profile/identities">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="identityId" value={identity.id} />
                  <Button
                    type="submit"
                    size="small"
                    color="inherit"
                    disabled={!canRemove}
                    aria-label={`Remove ${identity.providerName}`}
                  >
                    Remove
                  </Button>
                </Form>
              }
              sx={{ pr: 12 }}
            >
              <ListItemText
                primary={identity.email ? `${identity.providerName} · ${identity.email}` : identity.providerName}
                secondary={`Linked ${formatDate(identity.createdAt)}${
                  identity.lastUsedAt ? ` · last used ${formatDate(identity.lastUsedAt)}` : ""
                }`}
              />
            </ListItem>
          ))}
        </List>
      )}
      {removalNote && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {removalNote}
        </Typography>
      )}
      {!available && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Signing in with another provider is switched off on this site for now: providers cannot be linked or used to
          log in. Your links are kept.
        </Alert>
      )}
      <OidcButtons providers={linkable} intent="link" />
    </ProfileSection>
  );
}
