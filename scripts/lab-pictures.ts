/**
 * The pictures of the labs index (/tests): a screenshot of each lab of app/labs.ts as it runs,
 * below its title and lead, scaled to LAB_PICTURE's size and saved as WebP in public/labs/.
 *
 * It needs a production build (`npm run build`, or BUILD_DIR), starts the server itself on a free
 * port with an empty temporary DATA_DIR, creates an administrator there for the admin labs, and
 * drives Debian's Chromium through playwright-core. Public labs are taken as a guest sees them.
 *
 * `npx tsx scripts/lab-pictures.ts [name …]` (all labs without names); prints each file's size.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { LAB_PICTURE, labPath, labPicture, labs, type Lab } from "#app/labs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#tests/setup/chromium";
import { freePort, waitForHealthy } from "./local-server";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Wide enough for the desktop layout of every lab (md and up), narrow enough to keep text legible when scaled. */
const VIEWPORT = { width: 1100, height: 900 };
/** Pictures above this size are encoded again at a lower quality. */
const MAX_BYTES = 30_000;
const QUALITIES = [0.8, 0.7, 0.6, 0.5, 0.4];
/** Animations and workers get this long after the page is idle before the picture is taken. */
const SETTLE_MS = 2000;
const ADMIN = { email: "lab-pictures@example.org", password: "lab pictures need a long password 1618" };

/** Runs `npm run admin` against the temporary data folder (the password goes to standard input). */
async function adminCommand(env: NodeJS.ProcessEnv, args: string[], input = ""): Promise<void> {
  const child = spawn("node", ["--import", "tsx", "scripts/admin.ts", ...args], { cwd: ROOT, env, stdio: "pipe" });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(input);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`admin ${args.join(" ")} failed: ${output}`);
}

async function signedInAdmin(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("E-mail address").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForURL(/\/profile$/);
  await page.close();
  return context;
}

/**
 * The lab's working part, at the picture's proportions and the width of its <main>: from under the
 * lead paragraph, moved down to centre the largest drawing when it would be cut, and kept inside
 * <main>, so a short page shows its title rather than the footer.
 */
async function labClip(page: Page) {
  // No functions declared inside: the script runner would name them with a helper the page lacks.
  return page.locator("main").evaluate((main, ratio) => {
    const scroll = window.scrollY;
    const box = main.getBoundingClientRect();
    const style = getComputedStyle(main);
    const x = box.left + parseFloat(style.paddingLeft);
    const width = box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = width / ratio;
    const innerTop = box.top + scroll + parseFloat(style.paddingTop);
    const innerBottom = box.bottom + scroll - parseFloat(style.paddingBottom);
    const heading = main.querySelector("h1");
    const lead = heading?.nextElementSibling?.tagName === "P" ? heading.nextElementSibling : heading;
    let y = lead?.nextElementSibling ? lead.getBoundingClientRect().bottom + scroll + 8 : innerTop;
    let largest: DOMRect | undefined;
    for (const drawing of main.querySelectorAll("canvas, svg")) {
      const rect = drawing.getBoundingClientRect();
      if (!largest || rect.width * rect.height > largest.width * largest.height) largest = rect;
    }
    if (largest && largest.width * largest.height > 40_000 && largest.bottom + scroll > y + height) {
      y = Math.max(y, largest.top + scroll + largest.height / 2 - height / 2);
    }
    const below = lead?.nextElementSibling ? lead.getBoundingClientRect().bottom + scroll : innerTop;
    y = Math.max(innerTop, Math.min(y, innerBottom - height));
    // A page too short to fill the picture below its lead is shown whole, from its title, rather than cut through it.
    return { x, y: y < below ? innerTop : y, width, height };
  }, LAB_PICTURE.width / LAB_PICTURE.height);
}

/** Scales a PNG to the picture's size in the page's canvas and encodes it as WebP, lowering the quality until it is small. */
async function toWebp(page: Page, png: Buffer): Promise<Buffer> {
  for (const quality of QUALITIES) {
    const dataUrl = await page.evaluate(
      async ({ source, width, height, quality }) => {
        const image = new Image();
        image.src = source;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = width;
        canvas.height = height;
        const context = canvas.getContext("2d")!;
        context.imageSmoothingQuality = "high";
        context.drawImage(image, 0, 0, width, height);
        return canvas.toDataURL("image/webp", quality);
      },
      {
        source: `data:image/png;base64,${png.toString("base64")}`,
        width: LAB_PICTURE.width,
        height: LAB_PICTURE.height,
        quality,
      },
    );
    const webp = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
    if (webp.length <= MAX_BYTES || quality === QUALITIES.at(-1)) return webp;
  }
  throw new Error("unreachable");
}

async function picture(context: BrowserContext, lab: Lab): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(labPath(lab));
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    await sleep(SETTLE_MS);
    // The picture shows the lab, not the site around it.
    await page.addStyleTag({ content: "header, nav[aria-label='Admin'] { visibility: hidden !important; }" });
    const png = await page.screenshot({ clip: await labClip(page), fullPage: true, animations: "allow" });
    const webp = await toWebp(page, png);
    await writeFile(path.join(ROOT, "public", labPicture(lab)), webp);
    return webp.length;
  } finally {
    await page.close();
  }
}

async function main(names: string[]): Promise<void> {
  const unknown = names.filter((name) => !labs.some((lab) => lab.name === name));
  if (unknown.length > 0) throw new Error(`No such lab: ${unknown.join(", ")}`);
  const chosen = names.length > 0 ? labs.filter((lab) => names.includes(lab.name)) : labs;
  const dataDir = await mkdtemp(path.join(tmpdir(), "numberlab-lab-pictures-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _database, APP_URL: _app, ...inherited } = process.env;
  const env = { ...inherited, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir };
  await adminCommand(env, ["create-user", ADMIN.email], `${ADMIN.password}\n`);
  await adminCommand(env, ["grant", ADMIN.email]);
  const server = spawn("node", ["--import", "tsx", "server/index.ts"], {
    cwd: ROOT,
    env: { ...env, LOG_REQUESTS: "false" },
    stdio: "ignore",
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await waitForHealthy(baseUrl);
    const guest = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
    const admin = await signedInAdmin(browser, baseUrl);
    let total = 0;
    for (const lab of chosen) {
      const bytes = await picture(lab.access === "admin" ? admin : guest, lab);
      total += bytes;
      console.log(`${labPicture(lab).padEnd(28)} ${(bytes / 1000).toFixed(1).padStart(5)} KB`);
    }
    console.log(`${chosen.length} pictures, ${(total / 1000).toFixed(0)} KB in all`);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main(process.argv.slice(2));
