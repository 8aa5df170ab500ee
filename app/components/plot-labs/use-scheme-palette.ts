import { useResolvedScheme, type ResolvedScheme } from "#app/theme/use-resolved-scheme";
import { useTheme, type CssVarsTheme, type Palette, type Theme } from "@mui/material/styles";

export type SchemeName = ResolvedScheme;

/**
 * The colour scheme in force, its palette as plain colours, and the page's font. Canvas and
 * plotly cannot read MUI's CSS variables, so they get the resolved values of the scheme the
 * reader sees (before hydration MUI does not know it yet, and the default light scheme stands in).
 */
export function useSchemePalette(): { scheme: SchemeName; palette: Palette; fontFamily: string | undefined } {
  // Our theme is built with CSS variables (theme/theme.ts), so it has both schemes' palettes;
  // the Theme type leaves them out unless the whole app opts into the CSS-variables typing.
  const theme = useTheme<Theme & Pick<CssVarsTheme, "colorSchemes">>();
  const scheme: SchemeName = useResolvedScheme();
  const palette: Palette = theme.colorSchemes[scheme]?.palette ?? theme.palette;
  return { scheme, palette, fontFamily: theme.typography.fontFamily };
}
