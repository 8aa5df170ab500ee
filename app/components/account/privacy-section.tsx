import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import { Link as RouterLink } from "react-router";
import { FormFeedback } from "../form-feedback";
import { ProfileSection } from "./profile-section";
import { useProfileForm } from "./use-profile-form";

/**
 * The account's privacy choices: whether its browsers share usage analytics (on until switched off).
 * Off, the browser deletes what it had not sent yet as soon as the page learns it, and the server
 * keeps nothing that still arrives for the account.
 */
export function PrivacySection({ analytics }: { analytics: boolean }) {
  const form = useProfileForm("analytics");
  return (
    <ProfileSection
      id="privacy"
      title="Privacy"
      description={
        <>
          Numberlab counts pages opened, tools used and quiz answers itself, without cookies or third parties, to see
          what helps learners. Your browser&apos;s Do Not Track or Global Privacy Control setting turns it off too. The{" "}
          <Link component={RouterLink} to="/privacy-policy">
            privacy policy
          </Link>{" "}
          says what is kept.
        </>
      }
    >
      <form.fetcher.Form method="post">
        <input type="hidden" name="intent" value="analytics" />
        <FormFeedback message={form.message} error={form.errors.form ?? form.errors.analytics} />
        <Stack spacing={2}>
          <FormControlLabel
            control={<Switch color="default" name="analytics" defaultChecked={analytics} />}
            label="Share usage analytics"
          />
          <div>
            <Button type="submit" variant="outlined" color="inherit" disabled={form.busy}>
              Save privacy choice
            </Button>
          </div>
        </Stack>
      </form.fetcher.Form>
    </ProfileSection>
  );
}
