import type { ComplexView } from "#core/plot/complex-plane-view";
import type { ColouringOptions } from "#core/plot/domain-colouring";
import { paintRows } from "#core/plot/domain-colouring-raster";
import type { ComplexMap } from "#core/plot/zeros-and-poles";

/** Work per animation frame, so the tab keeps answering (a frame at 60 Hz is 16 ms). */
const FRAME_BUDGET_MS = 10;
/** The quick first pass paints squares of this many device pixels. */
const COARSE_BLOCK = 8;
/**
 * The full pass computes at most about this many values (a second or two of work on a slow
 * machine): on a dense screen it paints squares of 2 × 2 device pixels, CSS-pixel resolution.
 */
const MOST_VALUES = 1_200_000;
/** "coarse": the quick pass only (while the view is being dragged); "full": then every pixel. */
export type RasterQuality = "coarse" | "full";

/**
 * Draws the domain-colouring picture on a 2-D canvas without WebGL: a coarse pass, then the full
 * resolution, a band of rows per animation frame. A new draw abandons the one in progress.
 */
export class CanvasDomainRenderer {
  private request = 0;
  private image: ImageData | null = null;

  constructor(private readonly context: CanvasRenderingContext2D) {}

  draw(
    f: ComplexMap,
    view: ComplexView,
    options: ColouringOptions,
    quality: RasterQuality,
    onDone: (quality: RasterQuality) => void,
  ): void {
    this.cancel();
    const { canvas } = this.context;
    const width = canvas.width;
    const height = canvas.height;
    if (width === 0 || height === 0) return;
    if (this.image?.width !== width || this.image.height !== height)
      this.image = this.context.createImageData(width, height);
    const image = this.image;
    const fine = Math.ceil(Math.sqrt((width * height) / MOST_VALUES));
    const passes = quality === "coarse" ? [COARSE_BLOCK] : [COARSE_BLOCK, fine];
    let pass = 0;
    let row = 0;
    const work = () => {
      const started = performance.now();
      const block = passes[pass]!;
      const firstRow = row;
      while (row < height && performance.now() - started < FRAME_BUDGET_MS) {
        paintRows(f, view, options, image, row, row + block, block);
        row += block;
      }
      this.context.putImageData(image, 0, 0, 0, firstRow, width, Math.min(row, height) - firstRow);
      if (row >= height) {
        pass += 1;
        row = 0;
        if (pass === passes.length) {
          this.request = 0;
          onDone(quality);
          return;
        }
      }
      this.request = requestAnimationFrame(work);
    };
    work();
  }

  cancel(): void {
    if (this.request !== 0) cancelAnimationFrame(this.request);
    this.request = 0;
  }
}
