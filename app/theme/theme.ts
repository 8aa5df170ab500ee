import { createTheme } from "@mui/material/styles";

/** The extra accents of the brand (SPEC.md §4), the same in both schemes. */
const accents = {
  nd_green: "#2e7d32",
  nd_orange: "#ef6c00",
  nd_red: "#c62828",
  nd_yellow: "#f9a825",
  nd_blue: "#1565c0",
} as const;

type AccentName = keyof typeof accents;

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

const accentPalette = Object.fromEntries(Object.entries(accents).map(([name, main]) => [name, { main }])) as Record<
  AccentName,
  { main: string }
>;

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: "class" },
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: "#ff6f00", contrastText: "#000" },
        secondary: { main: "#00B8D4" },
        ...accentPalette,
      },
    },
    dark: {
      palette: {
        primary: { main: "#ffa726" },
        secondary: { main: "#00B8D4" },
        ...accentPalette,
      },
    },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  },
});
