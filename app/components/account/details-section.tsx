import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { EmailAddressField } from "../email-address-field";
import { CurrentPasswordField } from "./current-password-field";
import { FormFeedback } from "../form-feedback";
import { ProfileSection } from "./profile-section";
import { useProfileForm } from "./use-profile-form";

interface DetailsProps {
  email: string;
  displayName: string | null;
  emailVerified: boolean;
  hasPassword: boolean;
  displayNameMaxLength: number;
}

/** Name, e-mail address, its confirmation and changing it. */
export function DetailsSection({ email, displayName, emailVerified, hasPassword, displayNameMaxLength }: DetailsProps) {
  const name = useProfileForm("display-name");
  const verification = useProfileForm("send-verification");
  const change = useProfileForm("change-email");
  return (
    <ProfileSection id="details" title="Your details">
      <name.fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="display-name" />
        <FormFeedback message={name.message} error={name.errors.form ?? name.errors.intent} />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
          <TextField
            label="Display name"
            name="displayName"
            autoComplete="name"
            defaultValue={displayName ?? ""}
            error={Boolean(name.errors.displayName)}
            helperText={name.errors.displayName ?? "Shown instead of your e-mail address. Leave empty to remove."}
            slotProps={{ htmlInput: { maxLength: displayNameMaxLength } }}
            sx={{ flexGrow: 1 }}
          />
          <Button type="submit" variant="outlined" color="inherit" disabled={name.busy} sx={{ mt: { sm: 1 } }}>
            Save name
          </Button>
        </Stack>
      </name.fetcher.Form>

      <Typography variant="h6" component="h3" sx={{ mt: 4, mb: 1 }}>
        E-mail address
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", mb: 2 }}>
        <Typography sx={{ overflowWrap: "anywhere" }}>{email}</Typography>
        <Chip
          size="small"
          label={emailVerified ? "Confirmed" : "Not confirmed"}
          color={emailVerified ? "success" : "default"}
          variant="outlined"
        />
      </Stack>
      {!emailVerified && (
        <verification.fetcher.Form method="post">
          <input type="hidden" name="intent" value="send-verification" />
          <FormFeedback message={verification.message} error={verification.errors.form} />
          <Button type="submit" variant="outlined" color="inherit" disabled={verification.busy} sx={{ mb: 3 }}>
            Send me a confirmation link
          </Button>
        </verification.fetcher.Form>
      )}
      <change.fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="change-email" />
        <FormFeedback message={change.message} error={change.errors.form} />
        <Stack spacing={2}>
          <EmailAddressField
            label="New e-mail address"
            name="newEmail"
            autoComplete="email"
            error={change.errors.newEmail}
            hint="We send a link to the new address; it changes when you open it."
          />
          {hasPassword && <CurrentPasswordField error={change.errors.currentPassword} />}
          <div>
            <Button type="submit" variant="outlined" color="inherit" disabled={change.busy}>
              Change e-mail address
            </Button>
          </div>
        </Stack>
      </change.fetcher.Form>
    </ProfileSection>
  );
}
