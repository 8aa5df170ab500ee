import { useColorScheme } from "@mui/material/styles";

export type ResolvedScheme = "light" | "dark";

/**
 * The colour scheme the reader sees, "system" already resolved: for drawings (canvas, WebGL,
 * plotly) that cannot read MUI's CSS variables. Light until MUI knows better after hydration.
 */
export function useResolvedScheme(): ResolvedScheme {
  const { colorScheme } = useColorScheme();
  return colorScheme === "dark" ? "dark" : "light";
}
