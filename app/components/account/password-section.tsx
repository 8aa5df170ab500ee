import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useEffect, useRef } from "react";
import { CurrentPasswordField } from "./current-password-field";
import { FormFeedback } from "../form-feedback";
import { ProfileSection } from "./profile-section";
import { useProfileForm } from "./use-profile-form";

/** Change the password (current one required), or set one on an account that signs in another way. */
export function PasswordSection({
  email,
  hasPassword,
  minLength,
}: {
  email: string;
  hasPassword: boolean;
  minLength: number;
}) {
  const form = useProfileForm("change-password");
  const formRef = useRef<HTMLFormElement>(null);
  // A saved password should not stay in the fields.
  useEffect(() => {
    if (form.message) formRef.current?.reset();
  }, [form.message]);
  return (
    <ProfileSection
      id="password"
      title={hasPassword ? "Password" : "Set a password"}
      description={
        hasPassword
          ? "Changing it signs out every other device."
          : "Your account signs in without a password. Set one to also log in with your e-mail address."
      }
    >
      <form.fetcher.Form method="post" noValidate ref={formRef}>
        <input type="hidden" name="intent" value="change-password" />
        <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
        <FormFeedback message={form.message} error={form.errors.form} />
        <Stack spacing={2}>
          {hasPassword && <CurrentPasswordField error={form.errors.currentPassword} />}
          <TextField
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            error={Boolean(form.errors.newPassword)}
            helperText={form.errors.newPassword ?? `At least ${minLength} characters, not a common password.`}
          />
          <div>
            <Button type="submit" variant="outlined" color="inherit" disabled={form.busy}>
              {hasPassword ? "Change password" : "Set password"}
            </Button>
          </div>
        </Stack>
      </form.fetcher.Form>
    </ProfileSection>
  );
}
