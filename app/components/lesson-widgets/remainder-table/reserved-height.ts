/**
 * A widget's `minHeight` that follows the width it gets. Lesson widgets grow
 * taller on narrow screens (text wraps, panels stack), so one fixed height
 * either overlaps on phones or leaves a gap on desktops. This gives `wide` on
 * wide screens and, for each step, at least its height while the viewport is
 * narrower than `below`.
 */

/** Heights in rem; `below` in CSS pixels of viewport width (100vw, which counts the scrollbar). */
export interface NarrowScreenHeight {
  below: number;
  height: number;
}

/**
 * Each step is clamp(0, (below − 100vw) · 10⁴, height): the full height below
 * the width and 0 from it on, so max() picks the height of the narrowest step
 * that applies, with no media query.
 */
export function reservedHeight(wide: number, narrower: readonly NarrowScreenHeight[]): string {
  const steps = narrower.map(
    ({ below, height }) => `clamp(0rem, calc((${below}px - 100vw) * 10000), ${height.toFixed(1)}rem)`,
  );
  return `max(${[`${wide.toFixed(1)}rem`, ...steps].join(", ")})`;
}
