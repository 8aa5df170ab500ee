import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import { FormFeedback } from "../form-feedback";
import { formatDateTime } from "#app/utils/format-date";
import { ProfileSection } from "./profile-section";
import { useProfileForm } from "./use-profile-form";

export interface SessionItem {
  id: string;
  device: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

/** The devices signed in to the account, with sign-out for each or for all the others. */
export function SessionsSection({ sessions }: { sessions: SessionItem[] }) {
  const revoke = useProfileForm("revoke-session");
  const revokeOthers = useProfileForm("revoke-other-sessions");
  const others = sessions.filter((session) => !session.current).length;
  return (
    <ProfileSection id="sessions" title="Where you are signed in">
      <FormFeedback
        message={revoke.message ?? revokeOthers.message}
        error={revoke.errors.form ?? revoke.errors.sessionId}
      />
      <List disablePadding>
        {sessions.map((session) => (
          <ListItem
            key={session.id}
            divider
            disableGutters
            secondaryAction={
              session.current ? (
                <Chip size="small" label="This device" variant="outlined" />
              ) : (
                <revoke.fetcher.Form method="post">
                  <input type="hidden" name="intent" value="revoke-session" />
                  <input type="hidden" name="sessionId" value={session.id} />
                  <Button
                    type="submit"
                    size="small"
                    color="inherit"
                    disabled={revoke.busy}
                    aria-label={`Sign out ${session.device}, last used ${formatDateTime(session.lastUsedAt)}`}
                  >
                    Sign out
                  </Button>
                </revoke.fetcher.Form>
              )
            }
            sx={{ pr: 14 }}
          >
            <ListItemText
              primary={session.device}
              secondary={`Last used ${formatDateTime(session.lastUsedAt)} · signed in ${formatDateTime(session.createdAt)}`}
            />
          </ListItem>
        ))}
      </List>
      {others > 0 && (
        <revokeOthers.fetcher.Form method="post">
          <input type="hidden" name="intent" value="revoke-other-sessions" />
          <Button type="submit" variant="outlined" color="inherit" disabled={revokeOthers.busy} sx={{ mt: 2 }}>
            Sign out all other devices
          </Button>
        </revokeOthers.fetcher.Form>
      )}
    </ProfileSection>
  );
}
