/** Debian's Chromium: Playwright's own browser builds cannot be downloaded on our machines. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * Headless as root without a sandbox, and no background traffic: this
 * machine's closed network refuses it, and it would skew timings.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
