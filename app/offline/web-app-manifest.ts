/**
 * The web app manifest that makes Numberlab installable (issue 19), and the icons it names. `npm run
 * icons` (scripts/app-icons.ts) writes it to public/ with the icons it draws from public/favicon.svg;
 * a test holds the committed file to this module, whose colours are the theme's own.
 */
import { brandColors, browserThemeColors } from "../theme/palette";
import { WEB_APP_MANIFEST_URL } from "./offline-config";

/** "any" icons are drawn whole; "maskable" ones fill the square and keep the mark in its central 80 % circle. */
export type IconPurpose = "any" | "maskable";

export interface AppIcon {
  /** Path under public/ and URL path. */
  src: string;
  size: number;
  purpose: IconPurpose;
}

export const APP_ICONS: readonly AppIcon[] = [
  { src: "/icons/icon-192.png", size: 192, purpose: "any" },
  { src: "/icons/icon-512.png", size: 512, purpose: "any" },
  { src: "/icons/maskable-192.png", size: 192, purpose: "maskable" },
  { src: "/icons/maskable-512.png", size: 512, purpose: "maskable" },
];

/** iOS takes its home-screen icon from this link, not from the manifest; it rounds the corners itself. */
export const APPLE_TOUCH_ICON = { src: "/icons/apple-touch-icon.png", size: 180 } as const;

export function webAppManifest() {
  return {
    id: "/",
    name: "Numberlab",
    short_name: "Numberlab",
    description: "Learn number theory and algebra with lessons, tools and quizzes, online and offline.",
    lang: "en",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: browserThemeColors.light,
    background_color: brandColors.light.background,
    categories: ["education", "productivity"],
    icons: APP_ICONS.map((icon) => ({
      src: icon.src,
      sizes: `${icon.size}x${icon.size}`,
      type: "image/png",
      purpose: icon.purpose,
    })),
  };
}

/** The manifest file as it is committed in public/ (and served, with its type, by the static server). */
export function webAppManifestFile(): string {
  return `${JSON.stringify(webAppManifest(), null, 2)}\n`;
}

/** The `<link>`s every page carries (app/root.tsx). */
export const webAppLinks = [
  { rel: "manifest", href: WEB_APP_MANIFEST_URL },
  { rel: "apple-touch-icon", href: APPLE_TOUCH_ICON.src, sizes: `${APPLE_TOUCH_ICON.size}x${APPLE_TOUCH_ICON.size}` },
] as const;
