/**
 * The colours of the analytics charts and of the retention table's scale, one set per colour scheme.
 * Plain values, not the theme's CSS variables: the charts draw SVG attributes, which do not read them.
 * Every series colour stands out from the page at 3:1 or more (WCAG 1.4.11, graphics), and every
 * cell of the scale keeps its text at 4.5:1 or more (1.4.3); chart-palette.test.ts checks both.
 */
import type { ResolvedScheme } from "#app/theme/use-resolved-scheme";

/** The page's (and an outlined sheet's) background in each scheme, as the theme sets it. */
export const CHART_BACKGROUNDS: Record<ResolvedScheme, string> = { light: "#ffffff", dark: "#121212" };

/** Series colours in order: blue, deep orange, green, purple, teal, pink, brown, blue grey (one per event name). */
export const SERIES_COLORS: Record<ResolvedScheme, readonly string[]> = {
  light: ["#1565c0", "#e65100", "#2e7d32", "#6a1b9a", "#00796b", "#ad1457", "#5d4037", "#455a64"],
  dark: ["#64b5f6", "#ffb74d", "#81c784", "#ce93d8", "#4db6ac", "#f48fb1", "#bcaaa4", "#b0bec5"],
};

export function seriesColor(scheme: ResolvedScheme, index: number): string {
  const colors = SERIES_COLORS[scheme];
  return colors[index % colors.length]!;
}

/**
 * The retention scale: from the page's background (share 0) to a strong blue at `MAX_MIX` (share 1),
 * with text that stays readable over the whole range.
 */
const SCALE = {
  light: { from: "#ffffff", to: "#1565c0", text: "#000000" },
  dark: { from: "#121212", to: "#1565c0", text: "#ffffff" },
} as const;
/** Past this the light scheme's black text would fall under 4.5:1 on the blue. */
const MAX_MIX = 0.8;

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, "0")).join("")}`;
}

/** The colour `weight` (0–1) of the way from `from` to `to`. */
export function mixColors(from: string, to: string, weight: number): string {
  const a = channels(from);
  const b = channels(to);
  return toHex(a.map((value, index) => value + (b[index]! - value) * weight));
}

/** The cell colours of a share (0–1) of a cohort. */
export function scaleColors(scheme: ResolvedScheme, share: number): { background: string; text: string } {
  const { from, to, text } = SCALE[scheme];
  const clamped = Math.min(1, Math.max(0, share));
  return { background: mixColors(from, to, clamped * MAX_MIX), text };
}

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const unit = value / 255;
    return unit <= 0.04045 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}
