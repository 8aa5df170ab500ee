import { z } from "zod";
import { DEFAULT_VIEW_RANGE, MAX_VIEW_SPAN, MIN_VIEW_SPAN, type ViewRange } from "#core/plot/viewport";

/**
 * What a plot shows, as the page keeps it: the typed entries, the view, the
 * slider settings. It lives in the URL (shareable, readable: `?f=sin(x)&f=x^2&view=-10,10,-6,6`)
 * and in local storage; both are untrusted input, so every part is validated
 * here and a bad part is dropped with a reason, never allowed to break the page.
 */

export const MAX_ENTRIES = 20;
export const MAX_ENTRY_LENGTH = 500;

export type View = ViewRange;

export interface PlotEntryState {
  text: string;
  visible: boolean;
}

export interface SliderState {
  name: string;
  value: number;
  min: number;
  max: number;
  step: number;
}

export interface PlotState {
  entries: PlotEntryState[];
  view: View;
  sliders: SliderState[];
  /** Label the x-axis in multiples of π. */
  piTicks: boolean;
}

export const DEFAULT_VIEW: View = DEFAULT_VIEW_RANGE;

export const DEFAULT_SLIDER = { min: -10, max: 10, step: 0.1 } as const;

const finite = z.number().finite();

const viewSchema = z
  .object({ xMin: finite, xMax: finite, yMin: finite, yMax: finite })
  .refine((v) => isUsableSpan(v.xMax - v.xMin) && isUsableSpan(v.yMax - v.yMin), {
    message: `each axis must span between ${MIN_VIEW_SPAN} and ${MAX_VIEW_SPAN}`,
  });

const sliderSchema = z
  .object({
    name: z.string().regex(/^[a-zA-Zα-ωΑ-Ω](_?[a-zA-Z0-9]+)?$/, "a slider is named by a variable"),
    value: finite,
    min: finite,
    max: finite,
    step: finite.positive(),
  })
  .refine((s) => s.min < s.max && s.value >= s.min && s.value <= s.max, {
    message: "a slider needs min < max and its value between them",
  });

const entrySchema = z.object({
  text: z.string().max(MAX_ENTRY_LENGTH, `an entry is at most ${MAX_ENTRY_LENGTH} characters`),
  visible: z.boolean(),
});

const stateSchema = z.object({
  entries: z.array(entrySchema).max(MAX_ENTRIES),
  view: viewSchema,
  sliders: z.array(sliderSchema).max(MAX_ENTRIES * 4),
  piTicks: z.boolean(),
});

function isUsableSpan(span: number): boolean {
  return span >= MIN_VIEW_SPAN && span <= MAX_VIEW_SPAN;
}

export interface Decoded {
  state: PlotState;
  /** What was dropped and why, for a quiet notice on the page. */
  problems: string[];
}

/** Reads `f` (repeated), `hide` (1-based entry numbers), `view`, `p` (name:value:min:max:step) and `pi`. */
export function stateFromSearchParams(params: URLSearchParams, fallback: PlotState): Decoded {
  const problems: string[] = [];
  const texts = params.getAll("f");
  if (texts.length === 0 && !params.has("view") && !params.has("p")) return { state: fallback, problems };

  const hidden = new Set(
    (params.get("hide") ?? "")
      .split(",")
      .filter(Boolean)
      .map((n) => Number(n) - 1),
  );
  const entries: PlotEntryState[] = [];
  for (const [index, text] of texts.entries()) {
    const parsed = entrySchema.safeParse({ text, visible: !hidden.has(index) });
    if (!parsed.success) problems.push(`Entry ${index + 1} was left out: ${firstIssue(parsed.error)}.`);
    else if (entries.length >= MAX_ENTRIES) problems.push(`Only the first ${MAX_ENTRIES} entries are kept.`);
    else entries.push(parsed.data);
  }

  let view = fallback.view;
  const viewText = params.get("view");
  if (viewText !== null) {
    const [xMin, xMax, yMin, yMax] = viewText.split(",").map(Number);
    const parsed = viewSchema.safeParse({ xMin, xMax, yMin, yMax });
    if (parsed.success) view = parsed.data;
    else problems.push(`The view "${viewText}" was ignored: ${firstIssue(parsed.error)}.`);
  }

  const sliders: SliderState[] = [];
  for (const text of params.getAll("p")) {
    const [name, ...numbers] = text.split(":");
    const [value, min, max, step] = numbers.map(Number);
    const parsed = sliderSchema.safeParse({ name, value, min, max, step });
    if (parsed.success) sliders.push(parsed.data);
    else problems.push(`The slider "${text}" was ignored: ${firstIssue(parsed.error)}.`);
  }

  return { state: { entries, view, sliders, piTicks: params.get("pi") === "1" }, problems };
}

/** The inverse of stateFromSearchParams; empty entries are not written. */
export function searchParamsFromState(state: PlotState): URLSearchParams {
  const params = new URLSearchParams();
  const written = state.entries.filter((entry) => entry.text.trim() !== "");
  for (const entry of written) params.append("f", entry.text);
  const hidden = written.flatMap((entry, index) => (entry.visible ? [] : [index + 1]));
  if (hidden.length > 0) params.set("hide", hidden.join(","));
  const { xMin, xMax, yMin, yMax } = state.view;
  params.set("view", [xMin, xMax, yMin, yMax].map(shortNumber).join(","));
  for (const s of state.sliders) {
    params.append(
      "p",
      [s.name, s.value, s.min, s.max, s.step].map((v) => (typeof v === "number" ? shortNumber(v) : v)).join(":"),
    );
  }
  if (state.piTicks) params.set("pi", "1");
  return params;
}

/** Parses what local storage held; anything unreadable gives the fallback. */
export function stateFromStorage(raw: string | null, fallback: PlotState): PlotState {
  if (raw === null) return fallback;
  try {
    const parsed = stateSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/** Twelve significant digits: enough for any view a person sets, without float noise in the URL. */
function shortNumber(value: number): string {
  return String(Number(value.toPrecision(12)));
}

function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "not valid";
}

/** The plot an address shares (`?f=…`), for a page's loader; null when the address says nothing about a plot. */
export function sharedPlot(url: string, fallback: PlotState): Decoded | null {
  const decoded = stateFromSearchParams(new URL(url).searchParams, fallback);
  return decoded.state === fallback ? null : decoded;
}
