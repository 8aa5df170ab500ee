import DarkModeIcon from "@mui/icons-material/DarkMode";
import LightModeIcon from "@mui/icons-material/LightMode";
import SettingsBrightnessIcon from "@mui/icons-material/SettingsBrightness";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import { useColorScheme } from "@mui/material/styles";
import { startTransition } from "react";
import type { ColorSchemeMode } from "#app/utils/color-scheme-mode";

const options: { mode: ColorSchemeMode; label: string; Icon: typeof LightModeIcon }[] = [
  { mode: "light", label: "Light theme", Icon: LightModeIcon },
  { mode: "system", label: "System theme", Icon: SettingsBrightnessIcon },
  { mode: "dark", label: "Dark theme", Icon: DarkModeIcon },
];

/**
 * Light / system / dark as three toggle buttons. The choice is stored in a
 * cookie (see theme/color-scheme.ts) so the server renders it next time.
 */
export function ColorSchemeSwitch({ initialMode }: { initialMode: ColorSchemeMode }) {
  const { mode, setMode } = useColorScheme();
  const current = mode ?? initialMode;
  return (
    <Box
      role="group"
      aria-label="Colour theme"
      sx={{ display: "inline-flex", border: 1, borderColor: "divider", borderRadius: 1, bgcolor: "background.paper" }}
    >
      {options.map(({ mode: option, label, Icon }) => (
        <IconButton
          key={option}
          size="small"
          aria-label={label}
          title={label}
          aria-pressed={current === option}
          // As a transition: the page's restyle for the new scheme then comes in a frame of its own, not
          // in the click's task on top of the click's work.
          onClick={() => startTransition(() => setMode(option))}
          sx={{ borderRadius: 0, "&[aria-pressed='true']": { bgcolor: "action.selected" } }}
        >
          <Icon fontSize="small" />
        </IconButton>
      ))}
    </Box>
  );
}
