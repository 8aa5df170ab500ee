import type { Locator, Page } from "@playwright/test";

/** Long enough for an animation to move a canvas visibly (several frames even on a loaded machine). */
export const FRAME_GAP_MS = 400;

/** A canvas's picture as a data URL, to compare two moments of it. */
export const canvasPicture = (canvas: Locator) => canvas.evaluate((element: HTMLCanvasElement) => element.toDataURL());

/** Makes the page believe the browser has no WebGL, as on machines whose graphics are blocked. */
export async function withoutWebGL(page: Page) {
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
      if (/webgl/.test(kind)) return null;
      return (getContext as (...args: unknown[]) => RenderingContext | null).call(this, kind, ...rest);
    } as typeof getContext;
  });
}
