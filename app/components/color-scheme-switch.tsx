import DarkModeIcon from "@mui/icons-material/DarkMode";
import LightModeIcon from "@mui/icons-material/LightMode";
import SettingsBrightnessIcon from "@mui/icons-material/SettingsBrightness";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { useColorScheme } from "@mui/material/styles";
import { parseColorSchemeMode, type ColorSchemeMode } from "../theme/color-scheme";

const options: { mode: ColorSchemeMode; label: string; Icon: typeof LightModeIcon }[] = [
  { mode: "light", label: "Light theme", Icon: LightModeIcon },
  { mode: "system", label: "System theme", Icon: SettingsBrightnessIcon },
  { mode: "dark", label: "Dark theme", Icon: DarkModeIcon },
];

/** Light / system / dark. The choice is stored in a cookie (see theme/color-scheme.ts). */
export function ColorSchemeSwitch({ initialMode }: { initialMode: ColorSchemeMode }) {
  const { mode, setMode } = useColorScheme();
  const current = mode ?? initialMode;
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current}
      aria-label="Colour theme"
      onChange={(_event, value: unknown) => {
        if (value !== null) setMode(parseColorSchemeMode(value));
      }}
      sx={{ bgcolor: "background.paper" }}
    >
      {options.map(({ mode: option, label, Icon }) => (
        <ToggleButton key={option} value={option} aria-label={label} title={label}>
          <Icon fontSize="small" />
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
