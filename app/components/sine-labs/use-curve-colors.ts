import { useColorScheme } from "@mui/material/styles";
import { curveColor, type ColorScheme } from "../math/plot/plot-palette";

/** The first `count` curve colours of the current colour scheme. */
export function useCurveColors(count: number): string[] {
  const { mode, systemMode } = useColorScheme();
  const scheme: ColorScheme = (mode === "system" ? systemMode : mode) === "dark" ? "dark" : "light";
  return Array.from({ length: count }, (_, index) => curveColor(scheme, index));
}
