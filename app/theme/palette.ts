/**
 * The brand's colours (SPEC.md §4): the MUI theme, the web app manifest and the browser's theme colour
 * all read them here. Plain values only, so the build can import them without MUI.
 */
export const brandColors = {
  light: { primary: "#ff6f00", background: "#ffffff" },
  dark: { primary: "#ffa726", background: "#121212" },
  secondary: "#00B8D4",
} as const;

/** The extra accents of the brand, the same in both schemes. */
export const accentColors = {
  nd_green: "#2e7d32",
  nd_orange: "#ef6c00",
  nd_red: "#c62828",
  nd_yellow: "#f9a825",
  nd_blue: "#1565c0",
} as const;

/**
 * The colour browsers paint around the page (`<meta name="theme-color">`, the installed app's title bar),
 * per scheme: the brand's orange in the light scheme, the page's own background in the dark one, where an
 * orange bar beside a dark page would glare.
 */
export const browserThemeColors = { light: brandColors.light.primary, dark: brandColors.dark.background } as const;
