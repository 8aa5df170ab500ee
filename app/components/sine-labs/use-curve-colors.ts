import { curveColor, type ColorScheme } from "#app/graphics/plot-palette";
import { useResolvedScheme } from "#app/theme/use-resolved-scheme";

/** The first `count` curve colours of the current colour scheme. */
export function useCurveColors(count: number): string[] {
  const scheme: ColorScheme = useResolvedScheme();
  return Array.from({ length: count }, (_, index) => curveColor(scheme, index));
}
