import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import { useColorScheme } from "@mui/material/styles";
import Switch from "@mui/material/Switch";
import { useEffect } from "react";
import type { Preferences } from "#app/models/preferences";
import { FormFeedback } from "../form-feedback";
import { ProfileSection } from "./profile-section";
import { useProfileForm } from "./use-profile-form";

/** Theme, reduced motion and larger text, kept with the account and applied on every page. */
export function PreferencesSection({ preferences }: { preferences: Preferences }) {
  const form = useProfileForm("preferences");
  const { setMode } = useColorScheme();
  // The server set the cookie; switch the open page too, without a reload.
  useEffect(() => {
    if (form.message) setMode(preferences.theme);
  }, [form.message, preferences.theme, setMode]);
  return (
    <ProfileSection id="preferences" title="Preferences" description="They follow you to every device you sign in on.">
      <form.fetcher.Form method="post">
        <input type="hidden" name="intent" value="preferences" />
        <FormFeedback message={form.message} error={form.errors.form ?? form.errors.theme} />
        <Stack spacing={2}>
          <FormControl>
            <FormLabel id="theme-label">Theme</FormLabel>
            <RadioGroup row aria-labelledby="theme-label" name="theme" defaultValue={preferences.theme}>
              <FormControlLabel value="light" control={<Radio color="default" />} label="Light" />
              <FormControlLabel value="dark" control={<Radio color="default" />} label="Dark" />
              <FormControlLabel value="system" control={<Radio color="default" />} label="Same as my system" />
            </RadioGroup>
          </FormControl>
          <FormControlLabel
            control={<Switch color="default" name="reducedMotion" defaultChecked={preferences.reducedMotion} />}
            label="Reduce motion (no animations or transitions)"
          />
          <FormControlLabel
            control={<Switch color="default" name="largerText" defaultChecked={preferences.largerText} />}
            label="Larger text"
          />
          <div>
            <Button type="submit" variant="outlined" color="inherit" disabled={form.busy}>
              Save preferences
            </Button>
          </div>
        </Stack>
      </form.fetcher.Form>
    </ProfileSection>
  );
}
