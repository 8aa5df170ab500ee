/**
 * Curve colours, one list per colour scheme, taken in turn by the entries of a
 * plot. Each keeps a 3:1 contrast with its scheme's background (WCAG 1.4.11,
 * graphics), and neighbours differ in hue so two curves are not confused.
 * The first ones are the theme's accents (SPEC.md §4).
 */
export const CURVE_COLORS = {
  light: ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#e65100", "#00838f", "#424242", "#ad1457"],
  dark: ["#64b5f6", "#ef5350", "#81c784", "#ce93d8", "#ffa726", "#4dd0e1", "#e0e0e0", "#f48fb1"],
} as const;

export type ColorScheme = keyof typeof CURVE_COLORS;

/** The backgrounds the colours are drawn on: MUI's default backgrounds of the two schemes. */
export const PLOT_BACKGROUND: Record<ColorScheme, string> = { light: "#ffffff", dark: "#121212" };

export function curveColor(scheme: ColorScheme, index: number): string {
  const colors = CURVE_COLORS[scheme];
  return colors[index % colors.length] ?? colors[0];
}
