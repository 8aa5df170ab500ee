import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormLabel from "@mui/material/FormLabel";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useRevalidator } from "react-router";
import { PUSH_TOPIC_LABELS, PUSH_TOPICS, type PushTopic } from "#app/models/push-vocabulary";
import { browserPush } from "#app/push/client/browser-push.client";
import {
  browserPushState,
  hasBrowserSubscription,
  turnOffPush,
  turnOnPush,
  type BrowserPushState,
} from "#app/push/client/push-device";
import { browserStateText, turnOnFeedback } from "#app/push/client/push-messages";
import { formatDateTime } from "#app/utils/format-date";
import { FormFeedback } from "../form-feedback";
import { ProfileSection } from "./profile-section";
import { useProfileForm } from "./use-profile-form";

export interface NotificationDevice {
  id: string;
  device: string;
  pushService: string;
  createdAt: string;
  refreshedAt: string;
  current: boolean;
}

export interface NotificationsSectionProps {
  /** The root loader's pushDevice: which session this page is. */
  device: string;
  /** False while an admin has notifications switched off (loadNotificationsSection). */
  available: boolean;
  topics: PushTopic[];
  settings: { timeZone: string | null; reminderHour: number; quietStart: number | null; quietEnd: number | null };
  devices: NotificationDevice[];
}

async function readBrowser(): Promise<ThisBrowser> {
  const subscribed = await hasBrowserSubscription(browserPush).catch(() => false);
  return { state: browserPushState(browserPush), subscribed };
}

/** The browser's time zone has no change event worth following on this page. */
const noChanges = () => () => undefined;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** This browser as the learner sees it: known only after hydration (the server cannot tell). */
type ThisBrowser = { state: BrowserPushState; subscribed: boolean } | null;

/**
 * The learner's web push: this browser (on, off, blocked with how to allow it, not supported), the
 * topics, the review reminder's hour, the time zone, quiet hours, and every device that gets them.
 */
export function NotificationsSection({ device, available, topics, settings, devices }: NotificationsSectionProps) {
  const save = useProfileForm("notification-settings");
  const remove = useProfileForm("remove-push-device");
  const revalidator = useRevalidator();
  const [chosen, setChosen] = useState<PushTopic[]>(topics);
  // Until saved, the learner's zone is the one this browser runs in (unknown while server-rendering).
  const browserZone = useSyncExternalStore(
    noChanges,
    () => browserPush.timeZone() ?? null,
    () => null,
  );
  const [editedZone, setEditedZone] = useState<string | null>(null);
  const timeZone = editedZone ?? settings.timeZone ?? browserZone ?? "";
  const [thisBrowser, setThisBrowser] = useState<ThisBrowser>(null);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<ReturnType<typeof turnOnFeedback> | null>(null);
  const onServer = devices.some((item) => item.current);

  const readThisBrowser = () => readBrowser().then(setThisBrowser);
  useEffect(() => {
    void readBrowser().then(setThisBrowser);
  }, []);

  const turnOn = async () => {
    setBusy(true);
    setFeedback(null);
    const outcome = await turnOnPush(browserPush, { device, topics: chosen });
    setFeedback(
      turnOnFeedback(
        outcome,
        chosen.length === 0
          ? "This device is on, but no topic is ticked: tick the topics you want below and save them."
          : "This device now shows notifications for the topics ticked below.",
      ),
    );
    await readThisBrowser();
    await revalidator.revalidate();
    setBusy(false);
  };

  const turnOff = async () => {
    setBusy(true);
    setFeedback(null);
    try {
      await turnOffPush(browserPush);
      setFeedback({ severity: "success", text: "This device gets no more notifications." });
    } catch (error) {
      setFeedback({
        severity: "error",
        text: `Notifications could not be turned off: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    await readThisBrowser();
    await revalidator.revalidate();
    setBusy(false);
  };

  const on = thisBrowser?.state === "granted" && thisBrowser.subscribed && onServer;
  const stateHelp = thisBrowser ? browserStateText(thisBrowser.state) : null;

  return (
    <ProfileSection
      id="notifications"
      title="Notifications"
      description="Numberlab sends only the topics you tick, to the devices you turn on, and holds them back in your quiet hours; a review reminder comes at the hour you pick."
    >
      <Stack spacing={3}>
        <section aria-labelledby="this-device-title">
          <Typography id="this-device-title" variant="h6" component="h3" gutterBottom>
            This device
          </Typography>
          {!available ? (
            <Alert severity="info">
              Notifications are switched off on this site for now: nothing is sent to any device, and none can be turned
              on. Your topics, hours and devices are kept.
            </Alert>
          ) : thisBrowser === null ? (
            <Typography color="text.secondary">Checking what this browser allows…</Typography>
          ) : stateHelp && !on ? (
            // After a press, its own feedback below says the same; once is enough.
            !feedback && <Alert severity={thisBrowser.state === "blocked" ? "warning" : "info"}>{stateHelp}</Alert>
          ) : (
            <Stack spacing={1.5} sx={{ alignItems: "flex-start" }}>
              <Typography>
                {on ? "On: this device shows your notifications." : "Off: this device shows no notifications."}
              </Typography>
              {on ? (
                <Button variant="outlined" color="inherit" onClick={() => void turnOff()} disabled={busy}>
                  Turn off notifications on this device
                </Button>
              ) : (
                <Button variant="contained" onClick={() => void turnOn()} disabled={busy}>
                  Get the ticked topics as notifications on this device
                </Button>
              )}
            </Stack>
          )}
          {feedback && (
            <Alert
              severity={feedback.severity}
              role={feedback.severity === "success" ? "status" : "alert"}
              sx={{ mt: 2 }}
            >
              {feedback.text}
            </Alert>
          )}
        </section>

        <save.fetcher.Form method="post" aria-labelledby="notification-choices-title">
          <Typography id="notification-choices-title" variant="h6" component="h3" gutterBottom>
            Topics and hours
          </Typography>
          <input type="hidden" name="intent" value="notification-settings" />
          <FormFeedback message={save.message} error={save.errors.form ?? save.errors.topics} />
          <Stack spacing={2.5}>
            <FormControl component="fieldset">
              <FormLabel component="legend">Tell me about</FormLabel>
              <FormGroup>
                {PUSH_TOPICS.map((topic) => (
                  <FormControlLabel
                    key={topic}
                    label={PUSH_TOPIC_LABELS[topic]}
                    control={
                      <Checkbox
                        name="topics"
                        value={topic}
                        checked={chosen.includes(topic)}
                        onChange={(event) =>
                          setChosen((current) =>
                            event.target.checked
                              ? PUSH_TOPICS.filter((item) => item === topic || current.includes(item))
                              : current.filter((item) => item !== topic),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
            </FormControl>
            <TextField
              name="timeZone"
              label="Time zone"
              value={timeZone}
              onChange={(event) => setEditedZone(event.target.value)}
              error={Boolean(save.errors.timeZone)}
              helperText={save.errors.timeZone ?? "Reminders and quiet hours follow this zone, e.g. Europe/Paris."}
              sx={{ maxWidth: 360 }}
            />
            <HourField
              name="reminderHour"
              label="Review reminders at"
              defaultValue={settings.reminderHour}
              error={save.errors.reminderHour}
              helperText="Only on days when reviews are due, at most once a day."
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <HourField
                name="quietStart"
                label="Quiet hours from"
                defaultValue={settings.quietStart}
                error={save.errors.quietStart}
                helperText="Nothing arrives from this hour…"
                allowNone
              />
              <HourField
                name="quietEnd"
                label="Quiet hours until"
                defaultValue={settings.quietEnd}
                error={save.errors.quietEnd}
                helperText="…until this one; what waits comes then."
                allowNone
              />
            </Stack>
            <div>
              <Button type="submit" variant="outlined" color="inherit" disabled={save.busy}>
                Save notification choices
              </Button>
            </div>
          </Stack>
        </save.fetcher.Form>

        <section aria-labelledby="push-devices-title">
          <Typography id="push-devices-title" variant="h6" component="h3" gutterBottom>
            Devices that get your notifications
          </Typography>
          <FormFeedback message={remove.message} error={remove.errors.form ?? remove.errors.deviceId} />
          {devices.length === 0 ? (
            <Typography color="text.secondary">None yet.</Typography>
          ) : (
            <List disablePadding>
              {devices.map((item) => (
                <ListItem
                  key={item.id}
                  divider
                  disableGutters
                  sx={{ pr: 14 }}
                  secondaryAction={
                    <remove.fetcher.Form method="post">
                      <input type="hidden" name="intent" value="remove-push-device" />
                      <input type="hidden" name="deviceId" value={item.id} />
                      <Button
                        type="submit"
                        size="small"
                        color="inherit"
                        disabled={remove.busy}
                        aria-label={`Remove ${item.device}${item.current ? " (this device)" : ""} from your notifications`}
                      >
                        Remove
                      </Button>
                    </remove.fetcher.Form>
                  }
                >
                  <ListItemText
                    primary={
                      <>
                        {item.device}{" "}
                        {item.current && <Chip size="small" label="This device" variant="outlined" sx={{ ml: 1 }} />}
                      </>
                    }
                    secondary={`Through ${item.pushService} · on since ${formatDateTime(item.createdAt)} · last renewed ${formatDateTime(item.refreshedAt)}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </section>
      </Stack>
    </ProfileSection>
  );
}

function HourField({
  name,
  label,
  defaultValue,
  error,
  helperText,
  allowNone = false,
}: {
  name: string;
  label: string;
  defaultValue: number | null;
  error?: string;
  helperText: string;
  allowNone?: boolean;
}) {
  return (
    <TextField
      select
      name={name}
      label={label}
      defaultValue={defaultValue === null ? "" : String(defaultValue)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 200 }}
    >
      {allowNone && <option value="">None</option>}
      {HOURS.map((hour) => (
        <option key={hour} value={String(hour)}>
          {hourLabel(hour)}
        </option>
      ))}
    </TextField>
  );
}
