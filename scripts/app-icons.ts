/**
 * The files that make the app installable, written into public/ and committed, so a build needs no
 * browser: the web app manifest (app/offline/web-app-manifest.ts, colours from the theme) and the icons
 * it names, with the apple-touch icon, all drawn from one source image: public/favicon.svg, whose
 * `#background` is the brand's rounded square and whose `#mark` is the ℕ on it.
 *
 * - "any" icons: the source as it is, transparent outside the rounded square;
 * - maskable icons: the square full-bleed, the mark inside the central circle of 80 % of the side, which
 *   every launcher's mask keeps (the mark is made smaller if it would reach out of it);
 * - the apple-touch icon: full-bleed (iOS rounds the corners itself), the mark as drawn.
 *
 * `npm run icons` — draws with Debian's Chromium through playwright-core; prints each file's size.
 */
import { readFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "playwright-core";
import { WEB_APP_MANIFEST_URL } from "#app/offline/offline-config";
import { APP_ICONS, APPLE_TOUCH_ICON, webAppManifestFile, type IconPurpose } from "#app/offline/web-app-manifest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#tests/setup/chromium";
import { runCli, UsageError } from "./cli-run";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SOURCE = path.join(ROOT, "public/favicon.svg");
const USAGE = "Usage: npm run icons   (writes public/manifest.webmanifest and draws public/icons/*.png)";

/** Radius of the maskable safe zone as a fraction of the side (the W3C manifest spec's 80 % circle). */
const MASKABLE_SAFE_RADIUS = 0.4;
/** The mark keeps this much of the safe radius free, so anti-aliased edges stay inside too. */
const SAFE_MARGIN = 0.95;

type IconStyle = IconPurpose | "apple-touch";

/**
 * Draws the source at `size` pixels in the given style. Returns the PNG and how far the mark reaches
 * from the centre, as a fraction of the side.
 */
async function drawIcon(page: Page, source: string, size: number, style: IconStyle) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<!doctype html><body style="margin:0">${source}</body>`);
  // No functions declared inside: the script runner would name them with a helper the page lacks.
  const reach = await page.evaluate(
    ({ size, fullBleed, maxReach }) => {
      const svg = document.querySelector("svg");
      const background = svg?.querySelector("#background");
      const mark = svg?.querySelector<SVGGraphicsElement>("#mark");
      if (!svg || !background || !mark) throw new Error("The source needs an <svg> with #background and #mark.");
      svg.setAttribute("width", String(size));
      svg.setAttribute("height", String(size));
      svg.style.display = "block";
      if (fullBleed) background.removeAttribute("rx");
      const view = svg.viewBox.baseVal;
      const centre = { x: view.x + view.width / 2, y: view.y + view.height / 2 };
      const box = mark.getBBox();
      const dx = Math.max(Math.abs(box.x - centre.x), Math.abs(box.x + box.width - centre.x));
      const dy = Math.max(Math.abs(box.y - centre.y), Math.abs(box.y + box.height - centre.y));
      const reach = Math.hypot(dx, dy) / view.width;
      const scale = Math.min(1, maxReach / reach);
      if (scale < 1) {
        mark.setAttribute(
          "transform",
          `translate(${centre.x} ${centre.y}) scale(${scale}) translate(${-centre.x} ${-centre.y})`,
        );
      }
      return reach * scale;
    },
    {
      size,
      fullBleed: style !== "any",
      maxReach: style === "maskable" ? MASKABLE_SAFE_RADIUS * SAFE_MARGIN : Number.POSITIVE_INFINITY,
    },
  );
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: size, height: size }, omitBackground: true });
  return { png, reach };
}

async function main(args: string[]): Promise<string> {
  if (args.length > 0) throw new UsageError(`Unexpected arguments: ${args.join(" ")}`);
  const source = await readFile(SOURCE, "utf8");
  const targets: { src: string; size: number; style: IconStyle }[] = [
    ...APP_ICONS.map((icon) => ({ src: icon.src, size: icon.size, style: icon.purpose })),
    { src: APPLE_TOUCH_ICON.src, size: APPLE_TOUCH_ICON.size, style: "apple-touch" },
  ];
  const manifest = webAppManifestFile();
  await writeFile(path.join(ROOT, "public", WEB_APP_MANIFEST_URL), manifest);
  const lines = [`public${WEB_APP_MANIFEST_URL.padEnd(30)} ${(manifest.length / 1000).toFixed(1).padStart(5)} KB`];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const target of targets) {
      const { png, reach } = await drawIcon(page, source, target.size, target.style);
      const file = path.join(ROOT, "public", target.src);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, png);
      const note = target.style === "maskable" ? `, mark reaches ${(reach * 100).toFixed(1)} % of the side` : "";
      lines.push(`public${target.src.padEnd(30)} ${(png.length / 1000).toFixed(1).padStart(5)} KB${note}`);
    }
  } finally {
    await browser.close();
  }
  return lines.join("\n");
}

await runCli(main, USAGE);
