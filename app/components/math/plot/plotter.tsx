import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { EntryOutcome } from "#core/plot/plot-entries";
import { EntryList, type EntryProblem } from "./entry-list";
import { PlotExportButtons } from "./plot-export-buttons";
import { PlotFindings } from "./plot-findings";
import { curveColor, type ColorScheme } from "#app/graphics/plot-palette";
import { Plot } from "./plot";
import {
  DEFAULT_SLIDER,
  searchParamsFromState,
  stateFromStorage,
  type Decoded,
  type PlotState,
  type SliderState,
  type View,
} from "./plot-state";
import { SliderList } from "./slider-list";
import { usePlayingSliders } from "./use-playing-sliders";
import { useResolvedScheme } from "#app/theme/use-resolved-scheme";
import { usePlotUse } from "#app/analytics/client/tool-events";

interface PlotterProps {
  /** What the page shows on a first visit (and what "reset view" returns to). */
  initial: PlotState;
  /** A plot shared through the address, read by the page's loader; it wins over the stored one. */
  shared?: Decoded | null;
  /** Local-storage key; each plot page keeps its own. */
  storageKey: string;
  height?: string;
}

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Blocked storage: the plot starts from the example.
    return null;
  }
}

function subscribeToStorage(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/** Default value of a slider made for a parameter the reader has just typed. */
const NEW_SLIDER_VALUE = 1;
/** Address and storage are written this long after the last change, not on every frame of a pan. */
const SAVE_DELAY_MS = 300;

function problemOf(outcome: EntryOutcome | undefined): EntryProblem | null {
  if (!outcome || outcome.ok) return null;
  return { message: outcome.message, position: outcome.position };
}

/**
 * Sliders for every parameter the entries use and no entry defines. Sliders are
 * dropped only when every entry has been read and none uses them: an entry with
 * a typing error must not lose the values of its sliders.
 */
export function reconcileSliders(
  sliders: readonly SliderState[],
  outcomes: readonly EntryOutcome[],
  texts: readonly string[],
): SliderState[] {
  const current = outcomes.length === texts.length && outcomes.every((o, i) => o.text === texts[i]);
  if (!current) return [...sliders];
  const defined = new Set(outcomes.flatMap((o) => (o.ok && o.definition ? [o.definition.name] : [])));
  const used = new Set(outcomes.flatMap((o) => (o.ok ? o.parameters : [])).filter((name) => !defined.has(name)));
  const complete = outcomes.every((o) => o.ok);
  const kept = sliders.filter((slider) => used.has(slider.name) || (!complete && !defined.has(slider.name)));
  for (const name of used) {
    if (!kept.some((slider) => slider.name === name)) {
      kept.push({ name, value: NEW_SLIDER_VALUE, ...DEFAULT_SLIDER });
    }
  }
  return kept.sort((a, b) => a.name.localeCompare(b.name));
}

const sameSliders = (a: readonly SliderState[], b: readonly SliderState[]) =>
  a.length === b.length && a.every((slider, i) => slider.name === b[i]?.name);

/**
 * The full formula plotter: a list of typed entries with colours and
 * visibility, sliders for their free parameters (each can play), the plot,
 * what it found (roots, extrema, intersections), descriptions and sound for
 * readers who cannot see it, and export. State is kept in the address and in
 * local storage.
 */
export function Plotter({ initial, shared = null, storageKey, height }: PlotterProps) {
  // Server and hydration render the shared or example plot; the stored one shows right after.
  const stored = useSyncExternalStore(
    subscribeToStorage,
    () => readStored(storageKey),
    () => null,
  );
  const base = useMemo(() => shared?.state ?? stateFromStorage(stored, initial), [shared, stored, initial]);
  const [edited, setEdited] = useState<PlotState | null>(null);
  const state = edited ?? base;
  const latestBase = useRef(base);
  const latestState = useRef(state);
  useEffect(() => {
    latestBase.current = base;
    latestState.current = state;
  });
  const setState = useCallback(
    (update: (current: PlotState) => PlotState) => setEdited((current) => update(current ?? latestBase.current)),
    [],
  );
  const [outcomes, setOutcomes] = useState<readonly EntryOutcome[]>([]);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const scheme: ColorScheme = useResolvedScheme();

  // Address and storage follow the reader's changes, not the example they started from.
  useEffect(() => {
    if (edited === null) return;
    const timer = setTimeout(() => {
      try {
        localStorage.setItem(storageKey, JSON.stringify(edited));
      } catch {
        // Full or blocked storage must not stop the plotting.
      }
      const url = `${window.location.pathname}?${searchParamsFromState(edited).toString()}`;
      // The router's own history entry is kept; only the address changes.
      window.history.replaceState(window.history.state, "", url);
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [edited, storageKey]);

  // The reader's plots are counted (tool_use), once each has stood a moment: not on every key.
  usePlotUse(edited !== null, state.entries, outcomes);

  const onOutcomes = useCallback(
    (next: readonly EntryOutcome[]) => {
      setOutcomes(next);
      const texts = (now: PlotState) => now.entries.map((entry) => entry.text);
      const current = latestState.current;
      if (sameSliders(reconcileSliders(current.sliders, next, texts(current)), current.sliders)) return;
      setState((now) => ({ ...now, sliders: reconcileSliders(now.sliders, next, texts(now)) }));
    },
    [setState],
  );

  const parameters = useMemo(() => {
    const values: Record<string, number> = {};
    for (const slider of state.sliders) values[slider.name] = slider.value;
    for (const outcome of outcomes) {
      if (outcome.ok && outcome.definition) values[outcome.definition.name] = outcome.definition.value;
    }
    return values;
  }, [state.sliders, outcomes]);

  const updateSlider = useCallback(
    (name: string, change: Partial<Omit<SliderState, "name">>) =>
      setState((current) => ({
        ...current,
        sliders: current.sliders.map((slider) => (slider.name === name ? { ...slider, ...change } : slider)),
      })),
    [setState],
  );
  const { playing, toggle } = usePlayingSliders(state.sliders, updateSlider);

  const entryCount = state.entries.length;
  const colors = useMemo(
    () => Array.from({ length: entryCount }, (_, index) => curveColor(scheme, index)),
    [entryCount, scheme],
  );
  const entries = useMemo(
    () => state.entries.map((entry, index) => ({ ...entry, color: colors[index]! })),
    [state.entries, colors],
  );
  const problems = useMemo(
    () => state.entries.map((_, index) => problemOf(outcomes[index])),
    [state.entries, outcomes],
  );
  const currentView = useCallback(() => latestState.current.view, []);
  const setView = useCallback((view: View) => setState((current) => ({ ...current, view })), [setState]);
  const resetView = useCallback(
    () => setState((current) => ({ ...current, view: initial.view })),
    [setState, initial.view],
  );
  const setEntries = useCallback(
    (update: (entries: PlotState["entries"]) => PlotState["entries"]) =>
      setState((current) => ({ ...current, entries: update(current.entries) })),
    [setState],
  );
  const changeEntry = useCallback(
    (index: number, text: string) => setEntries((list) => list.map((e, i) => (i === index ? { ...e, text } : e))),
    [setEntries],
  );
  const toggleEntry = useCallback(
    (index: number) => setEntries((list) => list.map((e, i) => (i === index ? { ...e, visible: !e.visible } : e))),
    [setEntries],
  );
  const removeEntry = useCallback(
    (index: number) => setEntries((list) => list.filter((_, i) => i !== index)),
    [setEntries],
  );
  const addEntry = useCallback(() => setEntries((list) => [...list, { text: "", visible: true }]), [setEntries]);

  return (
    <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", lg: "minmax(20rem, 28rem) 1fr" } }}>
      <Stack spacing={3}>
        {shared && shared.problems.length > 0 && (
          <Box role="status" sx={{ color: "text.secondary" }}>
            {shared.problems.map((notice) => (
              <Typography key={notice} variant="body2">
                {notice}
              </Typography>
            ))}
          </Box>
        )}
        <EntryList
          entries={state.entries}
          colors={colors}
          problems={problems}
          onChange={changeEntry}
          onToggle={toggleEntry}
          onRemove={removeEntry}
          onAdd={addEntry}
        />
        <SliderList sliders={state.sliders} playing={playing} onChange={updateSlider} onTogglePlay={toggle} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
          <Button variant="outlined" color="inherit" onClick={resetView}>
            Reset view
          </Button>
          <PlotExportButtons canvas={canvas} state={state} outcomes={outcomes} colors={colors} scheme={scheme} />
          <FormControlLabel
            control={
              <Switch
                checked={state.piTicks}
                onChange={(event) => setState((current) => ({ ...current, piTicks: event.target.checked }))}
              />
            }
            label="x-axis in multiples of π"
          />
        </Stack>
      </Stack>
      <Stack spacing={2}>
        <Plot
          entries={entries}
          parameters={parameters}
          view={state.view}
          onViewChange={setView}
          onReset={resetView}
          piTicks={state.piTicks}
          height={height}
          label="Plot of the expressions. Drag or use the arrow keys to move, the wheel or + and − to zoom, x and y to zoom one axis, 0 to reset."
          onOutcomes={onOutcomes}
          canvasRef={canvas}
        />
        <PlotFindings entries={entries} outcomes={outcomes} currentView={currentView} />
      </Stack>
    </Box>
  );
}
