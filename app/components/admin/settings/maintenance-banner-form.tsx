import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Form } from "react-router";
import { MAINTENANCE_BANNER_LEVELS, MAINTENANCE_BANNER_MAX_LENGTH } from "#app/models/settings-vocabulary";
import { BANNER_LEVEL_LABELS, instantFromUtcInput, type BannerField } from "#app/settings/settings-forms";
import { formatUtc } from "#app/utils/format-date";
import { useHydrated } from "#app/components/analytics/use-hydrated";

export type BannerValues = Record<BannerField, string>;

interface MaintenanceBannerFormProps {
  /** The banner as stored, or as the admin typed it when the server refused it. */
  values: BannerValues;
  errors: Partial<Record<BannerField | "form", string>>;
  /** Where the stored banner stands now ("Shown now to every visitor, until …"). */
  status: { state: "none" | "up" | "later" | "ended"; text: string };
  message: string | null;
  /** The server's time, for the hint under the times. */
  now: string;
  busy: boolean;
}

/** "28 Nov 2026, 15:00 in your time zone (Europe/Paris)", once the browser can tell its zone. */
function localHint(value: string): string | null {
  const instant = instantFromUtcInput(value);
  if (!instant) return null;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const local = instant.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return `${local} in your time zone (${zone}).`;
}

/**
 * The maintenance banner: its text, level and times, in UTC like every time on the admin pages (with
 * the admin's own time beside each once the page runs); Remove takes it down at once.
 */
export function MaintenanceBannerForm({ values, errors, status, message, now, busy }: MaintenanceBannerFormProps) {
  const hydrated = useHydrated();
  const [text, setText] = useState(values.bannerText);
  const [from, setFrom] = useState(values.bannerFrom);
  const [until, setUntil] = useState(values.bannerUntil);
  const timeHelp = (value: string, empty: string) =>
    (hydrated && value && localHint(value)) || `In UTC (now ${formatUtc(now)}). ${empty}`;

  return (
    <Stack spacing={2.5} sx={{ maxWidth: "40rem" }}>
      <Alert severity={status.state === "up" ? "warning" : "info"} icon={false}>
        {status.text}
      </Alert>
      {errors.form && (
        <Alert severity="error" role="alert">
          {errors.form}
        </Alert>
      )}
      {message && (
        <Alert severity="success" role="status">
          {message}
        </Alert>
      )}
      <Form method="post" noValidate aria-label="Maintenance banner">
        <input type="hidden" name="intent" value="banner" />
        <Stack spacing={2.5}>
          <TextField
            name="bannerText"
            label="Text"
            value={text}
            onChange={(event) => setText(event.target.value)}
            required
            multiline
            minRows={2}
            error={Boolean(errors.bannerText)}
            helperText={
              errors.bannerText ??
              `Plain text without line breaks, shown above every page. ${text.trim().length} of ${MAINTENANCE_BANNER_MAX_LENGTH} characters.`
            }
            // A line break would be refused: Enter sends the form instead, as in a one-line field.
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.nativeEvent.isComposing) {
                event.preventDefault();
                event.currentTarget.closest("form")?.requestSubmit();
              }
            }}
            slotProps={{ htmlInput: { maxLength: MAINTENANCE_BANNER_MAX_LENGTH } }}
          />
          <TextField
            select
            name="bannerLevel"
            label="Level"
            defaultValue={values.bannerLevel || "info"}
            error={Boolean(errors.bannerLevel)}
            helperText={errors.bannerLevel ?? "Its colour and icon."}
            slotProps={{ select: { native: true } }}
            sx={{ maxWidth: "20rem" }}
          >
            {MAINTENANCE_BANNER_LEVELS.map((level) => (
              <option key={level} value={level}>
                {BANNER_LEVEL_LABELS[level]}
              </option>
            ))}
          </TextField>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <TextField
              type="datetime-local"
              name="bannerFrom"
              label="Show from (UTC)"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              error={Boolean(errors.bannerFrom)}
              helperText={errors.bannerFrom ?? timeHelp(from, "Empty: at once.")}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
              sx={{ flex: 1 }}
            />
            <TextField
              type="datetime-local"
              name="bannerUntil"
              label="Show until (UTC)"
              value={until}
              onChange={(event) => setUntil(event.target.value)}
              error={Boolean(errors.bannerUntil)}
              helperText={errors.bannerUntil ?? timeHelp(until, "Empty: until removed.")}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {status.state === "none" ? "Put up the banner" : "Update the banner"}
            </Button>
          </Box>
        </Stack>
      </Form>
      {status.state !== "none" && (
        <Form method="post">
          <input type="hidden" name="intent" value="remove-banner" />
          <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
            <Typography variant="body2" color="text.secondary">
              Takes the banner down for every visitor within a few seconds.
            </Typography>
            <Button type="submit" variant="outlined" color="error" disabled={busy}>
              Remove the banner
            </Button>
          </Stack>
        </Form>
      )}
    </Stack>
  );
}
