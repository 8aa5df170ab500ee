import { useColorScheme } from "@mui/material/styles";
import { browserThemeColors } from "#app/theme/palette";
import type { ColorSchemeMode } from "#app/utils/color-scheme-mode";

/**
 * The colour the browser (or the installed app's title bar) paints around the page, following the
 * reader's scheme: the chosen one, or the system's through media queries. React places the tags in
 * <head>. MUI knows the mode only after hydration, so the server's cookie value stands in until then.
 */
export function ThemeColorMeta({ serverMode }: { serverMode: ColorSchemeMode }) {
  const mode = useColorScheme().mode ?? serverMode;
  if (mode !== "system") return <meta name="theme-color" content={browserThemeColors[mode]} />;
  return (
    <>
      <meta name="theme-color" media="(prefers-color-scheme: light)" content={browserThemeColors.light} />
      <meta name="theme-color" media="(prefers-color-scheme: dark)" content={browserThemeColors.dark} />
    </>
  );
}
