import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { CssVarsTheme } from "@mui/material/styles";
import { describe, expect, it } from "vitest";
import { browserThemeColors } from "#app/theme/palette";
import { theme } from "#app/theme/theme";
import { decodePng, readPngHeader } from "#tests/setup/png";
import { WEB_APP_MANIFEST_URL } from "./offline-config";
import { APP_ICONS, APPLE_TOUCH_ICON, webAppLinks, webAppManifest, webAppManifestFile } from "./web-app-manifest";

const manifest = webAppManifest();
// The theme is built with CSS variables, so it carries both schemes' palettes (its type does not say so).
const palettes = (theme as unknown as CssVarsTheme).colorSchemes;

function publicFile(src: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`../../public${src}`, import.meta.url)));
}

function hex([red, green, blue]: readonly number[]): string {
  return `#${[red, green, blue].map((channel) => channel!.toString(16).padStart(2, "0")).join("")}`;
}

describe("the web app manifest", () => {
  it("names the app and opens it standalone at the site's root", () => {
    expect(manifest).toMatchObject({
      id: "/",
      name: "Numberlab",
      start_url: "/",
      scope: "/",
      display: "standalone",
    });
    // Launchers cut longer names under the icon.
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.description.length).toBeGreaterThan(20);
    expect(manifest.categories).toContain("education");
  });

  it("takes its colours from the theme", () => {
    expect(manifest.theme_color).toBe(palettes.light?.palette.primary.main);
    expect(manifest.background_color).toBe(palettes.light?.palette.background.default);
    expect(browserThemeColors).toEqual({
      light: palettes.light?.palette.primary.main,
      dark: palettes.dark?.palette.background.default,
    });
  });

  it("declares 192 and 512 pixel icons, each both plain and maskable", () => {
    for (const purpose of ["any", "maskable"]) {
      const sizes = manifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
      expect(sizes, purpose).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    }
    for (const icon of manifest.icons) expect(icon.type).toBe("image/png");
  });

  it("is the committed file in public/ (npm run icons writes it)", () => {
    expect(publicFile(WEB_APP_MANIFEST_URL).toString("utf8")).toBe(webAppManifestFile());
  });

  it("is linked from every page with the apple-touch icon", () => {
    expect(webAppLinks).toContainEqual({ rel: "manifest", href: WEB_APP_MANIFEST_URL });
    expect(webAppLinks).toContainEqual({ rel: "apple-touch-icon", href: APPLE_TOUCH_ICON.src, sizes: "180x180" });
  });
});

describe("the icon files", () => {
  const icons = [...APP_ICONS, { ...APPLE_TOUCH_ICON, purpose: "apple-touch" }];

  it.each(icons.map((icon) => [icon.src, icon] as const))("%s is a PNG of the declared size", (_, icon) => {
    const header = readPngHeader(publicFile(icon.src));
    expect({ width: header.width, height: header.height }).toEqual({ width: icon.size, height: icon.size });
  });

  it.each(icons.filter((icon) => icon.purpose !== "any").map((icon) => [icon.src, icon] as const))(
    "%s fills its square with the brand's colour, the mark inside the maskable safe zone",
    (_, icon) => {
      const image = decodePng(publicFile(icon.src));
      const background = palettes.light?.palette.primary.main;
      expect(hex(image.pixel(0, 0))).toBe(background);
      // The W3C manifest spec's safe zone: a centred circle whose radius is 40 % of the side.
      const centre = icon.size / 2;
      const safeRadius = 0.4 * icon.size;
      const outside: string[] = [];
      for (let y = 0; y < icon.size; y++) {
        for (let x = 0; x < icon.size; x++) {
          const pixel = image.pixel(x, y);
          if (pixel[3] !== 255) outside.push(`(${x}, ${y}) is not opaque`);
          else if (Math.hypot(x + 0.5 - centre, y + 0.5 - centre) > safeRadius && hex(pixel) !== background) {
            outside.push(`(${x}, ${y}) is ${hex(pixel)}`);
          }
        }
      }
      expect(outside.slice(0, 5)).toEqual([]);
    },
  );

  it("draws the mark on the maskable icons, not only the background", () => {
    const image = decodePng(publicFile(APP_ICONS.find((icon) => icon.purpose === "maskable")!.src));
    let dark = 0;
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const [red, green, blue] = image.pixel(x, y);
        if (red + green + blue < 100) dark++;
      }
    }
    expect(dark / (image.width * image.height)).toBeGreaterThan(0.1);
  });
});
