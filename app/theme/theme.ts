import { createTheme } from "@mui/material/styles";
import { accentColors, brandColors } from "./palette";

type AccentName = keyof typeof accentColors;

declare module "@mui/material/styles" {
  interface BreakpointOverrides {
    xxl: true;
  }
  interface Palette {
    nd_green: Palette["primary"];
    nd_orange: Palette["primary"];
    nd_red: Palette["primary"];
    nd_yellow: Palette["primary"];
    nd_blue: Palette["primary"];
  }
  interface PaletteOptions {
    nd_green?: PaletteOptions["primary"];
    nd_orange?: PaletteOptions["primary"];
    nd_red?: PaletteOptions["primary"];
    nd_yellow?: PaletteOptions["primary"];
    nd_blue?: PaletteOptions["primary"];
  }
}

const accentPalette = Object.fromEntries(
  Object.entries(accentColors).map(([name, main]) => [name, { main }]),
) as Record<AccentName, { main: string }>;

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: "class" },
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: brandColors.light.primary, contrastText: "#000" },
        secondary: { main: brandColors.secondary },
        background: { default: brandColors.light.background },
        ...accentPalette,
      },
    },
    dark: {
      palette: {
        primary: { main: brandColors.dark.primary },
        secondary: { main: brandColors.secondary },
        background: { default: brandColors.dark.background },
        ...accentPalette,
      },
    },
  },
  // The light scheme's orange is 2.8:1 on white: too faint for text (WCAG AA asks 4.5:1). Orange text, as in
  // links and text or outlined buttons, takes its darker shade there (5.3:1); filled buttons keep the brand's.
  components: {
    MuiLink: {
      styleOverrides: {
        root: ({ theme, ownerState }) =>
          ownerState.color === "primary" || ownerState.color === undefined
            ? theme.applyStyles("light", { color: theme.vars.palette.primary.dark })
            : {},
      },
    },
    MuiButton: {
      styleOverrides: {
        root: ({ theme, ownerState }) =>
          (ownerState.color ?? "primary") === "primary" && ownerState.variant !== "contained"
            ? theme.applyStyles("light", { color: theme.vars.palette.primary.dark })
            : {},
      },
    },
    MuiTab: {
      styleOverrides: {
        root: ({ theme }) =>
          theme.applyStyles("light", { "&.Mui-selected": { color: theme.vars.palette.primary.dark } }),
      },
    },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  },
});
