import type { ThemeProviderProps } from "@mui/material/styles";
import { isRouteErrorResponse } from "react-router";
import { colorSchemeModes, type ColorSchemeMode } from "../utils/color-scheme-mode";

type StorageManager = NonNullable<ThemeProviderProps["storageManager"]>;

export const COLOR_SCHEME_COOKIE = "color-scheme";
export const COLOR_SCHEME_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** SPEC.md §4: light by default. */
export const DEFAULT_COLOR_SCHEME: ColorSchemeMode = "light";
/** MUI's key for the mode; the only key we persist. */
export const MODE_STORAGE_KEY = "mui-mode";

export function parseColorSchemeMode(value: unknown): ColorSchemeMode {
  return colorSchemeModes.find((mode) => mode === value) ?? DEFAULT_COLOR_SCHEME;
}

export function readColorSchemeCookie(cookieHeader: string | null): ColorSchemeMode {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${COLOR_SCHEME_COOKIE}=([^;]*)`));
  return parseColorSchemeMode(match?.[1]);
}

/**
 * The scheme an error thrown by middleware names, read from the request's
 * cookie: the root loader, which reads it otherwise, does not run then.
 */
export function colorSchemeFromError(error: unknown): ColorSchemeMode | null {
  if (!isRouteErrorResponse(error)) return null;
  const candidate: unknown = (error.data as { colorScheme?: unknown } | null)?.colorScheme;
  return colorSchemeModes.find((mode) => mode === candidate) ?? null;
}

/** The Set-Cookie value (or document.cookie assignment) that stores a mode for a year. */
export function colorSchemeCookie(mode: ColorSchemeMode, secure: boolean): string {
  return `${COLOR_SCHEME_COOKIE}=${mode}; Path=/; Max-Age=${COLOR_SCHEME_MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * MUI keeps the mode in a cookie instead of local storage, so the server sees
 * the choice and renders the right scheme on the first byte.
 */
export const cookieStorageManager: StorageManager = ({ key }) => ({
  get(defaultValue) {
    if (key !== MODE_STORAGE_KEY || typeof document === "undefined") return defaultValue;
    return readColorSchemeCookie(document.cookie);
  },
  set(value) {
    if (key !== MODE_STORAGE_KEY || typeof document === "undefined") return;
    document.cookie = colorSchemeCookie(parseColorSchemeMode(value), location.protocol === "https:");
  },
  subscribe() {
    return () => {};
  },
});
