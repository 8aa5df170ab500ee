/**
 * The whole number typed in a widget's field, or what is wrong with it: digits only, within
 * `min` … `max`. Bounds given as bigints read a bigint, for numbers past 2⁵³.
 */
export function readWhole(text: string, bounds: { min: number; max: number }): number | string;
export function readWhole(text: string, bounds: { min: bigint; max: bigint }): bigint | string;
export function readWhole(text: string, { min, max }: { min: number | bigint; max: number | bigint }) {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return "Type a whole number.";
  const value = typeof min === "bigint" ? BigInt(trimmed) : Number(trimmed);
  return value >= min && value <= max
    ? value
    : `Choose a number from ${min.toLocaleString("en-GB")} to ${max.toLocaleString("en-GB")}.`;
}

/** A widget's attributes (its `params.ts`), of which those named K are read from text as whole numbers. */
export interface NumberAttributes<K extends string> {
  shape: Record<K, { safeParse(text: string): { success: true; data: number } | { success: false } }>;
}

/**
 * Each field read by the rule of the lesson attribute it edits, so the reader meets the author's bounds:
 * the number, or what to type instead, naming the field's range (its `help`, e.g. "2 to 16").
 */
export function readFields<K extends string>(
  fields: readonly { key: K; help: string }[],
  attributes: NumberAttributes<K>,
  texts: Record<K, string>,
): Record<K, number | string> {
  const readings = {} as Record<K, number | string>;
  for (const { key, help } of fields) {
    const parsed = attributes.shape[key].safeParse(texts[key].trim());
    readings[key] = parsed.success ? parsed.data : `Type a whole number from ${help}.`;
  }
  return readings;
}
