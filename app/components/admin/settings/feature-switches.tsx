import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Form } from "react-router";
import { FEATURE_DESCRIPTIONS, FEATURE_FLAGS, type FeatureFlag } from "#app/models/settings-vocabulary";

interface FeatureSwitchesProps {
  flags: Record<FeatureFlag, boolean>;
  /** The outcome of the last switch pressed. */
  feedback: { message?: string; error?: string } | null;
  busy: boolean;
}

/**
 * The features an admin can switch off, each with its state, what "off" means, and one button that
 * switches it the other way. One form per feature, so a press changes that feature only, whatever
 * another admin switched meanwhile.
 */
export function FeatureSwitches({ flags, feedback, busy }: FeatureSwitchesProps) {
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        Every feature is on unless switched off here. A switch applies to every visitor within a few seconds, on every
        instance of the server, without a restart.
      </Typography>
      {feedback?.error && (
        <Alert severity="error" role="alert">
          {feedback.error}
        </Alert>
      )}
      {feedback?.message && (
        <Alert severity="success" role="status">
          {feedback.message}
        </Alert>
      )}
      <List disablePadding aria-label="Features">
        {FEATURE_FLAGS.map((feature) => {
          const on = flags[feature];
          const { label, off } = FEATURE_DESCRIPTIONS[feature];
          return (
            <ListItem key={feature} disableGutters divider sx={{ display: "block", py: 2 }}>
              <Stack
                direction={{ xs: "column", sm: "row" }}
                spacing={2}
                sx={{ justifyContent: "space-between", alignItems: { sm: "flex-start" } }}
              >
                <div>
                  <Stack
                    direction="row"
                    useFlexGap
                    spacing={1}
                    sx={{ alignItems: "center", flexWrap: "wrap", mb: 0.5 }}
                  >
                    <Typography component="h3" sx={{ fontWeight: 600 }}>
                      {label}
                    </Typography>
                    <Chip
                      size="small"
                      label={on ? "On" : "Off"}
                      color={on ? "success" : "warning"}
                      variant={on ? "outlined" : "filled"}
                    />
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {on ? "When off: " : "Now: "}
                    {off}
                  </Typography>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="feature" />
                  <input type="hidden" name="feature" value={feature} />
                  <input type="hidden" name="enabled" value={on ? "off" : "on"} />
                  <Button
                    type="submit"
                    variant={on ? "outlined" : "contained"}
                    color={on ? "inherit" : "primary"}
                    disabled={busy}
                    aria-label={`${on ? "Switch off" : "Switch on"}: ${label}`}
                    sx={{ whiteSpace: "nowrap" }}
                  >
                    {on ? "Switch off" : "Switch on"}
                  </Button>
                </Form>
              </Stack>
            </ListItem>
          );
        })}
      </List>
    </Stack>
  );
}
