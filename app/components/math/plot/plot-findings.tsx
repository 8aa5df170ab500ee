import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { memo, useEffect, useRef } from "react";
import type { EntryOutcome } from "#core/plot/plot-entries";
import { samplesAlong, sonify } from "#core/plot/sonify";
import { playSound } from "./play-sound";
import type { View } from "./plot-state";

interface PlotFindingsProps {
  entries: readonly { text: string; visible: boolean; color: string }[];
  outcomes: readonly EntryOutcome[];
  /** The view the sound spans, read when it plays (a pan does not render the findings again). */
  currentView(): View;
}

/** Points of the sound: enough for a smooth glide, few enough to schedule at once. */
const SOUND_SAMPLES = 400;

/**
 * What the plot shows, in words: for each visible curve, its description
 * (domain, intercepts, asymptotes) and its marked points, with a button that
 * plays a graph of x as sound.
 */
export const PlotFindings = memo(function PlotFindings({ entries, outcomes, currentView }: PlotFindingsProps) {
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const play = (outcome: Extract<EntryOutcome, { ok: true }>) => {
    stop.current?.();
    const view = currentView();
    const ys = samplesAlong(outcome.geometry.lines, view.xMin, view.xMax, SOUND_SAMPLES);
    stop.current = playSound(sonify(ys, view.yMin, view.yMax));
  };

  const shown = outcomes.flatMap((outcome, index) => {
    const entry = entries[index];
    return outcome.ok && outcome.kind !== "empty" && entry?.visible && entry.text === outcome.text
      ? [{ outcome, entry, index }]
      : [];
  });
  if (shown.length === 0) return null;

  return (
    <Box component="section" aria-labelledby="plot-findings-heading">
      <Typography id="plot-findings-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        What the plot shows
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 0, listStyle: "none", display: "grid", gap: 1.5 }}>
        {shown.map(({ outcome, entry, index }) => (
          <Box component="li" key={index} sx={{ borderLeft: 4, borderColor: entry.color, pl: 1.5 }}>
            <Typography variant="body2" sx={{ fontFamily: "monospace" }}>
              {entry.text}
            </Typography>
            <Typography variant="body2">{outcome.description}</Typography>
            {outcome.geometry.markers.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {/* Keyed by place in the list: a new view moves the points a little, and their items are reused. */}
                {outcome.geometry.markers.map((marker, place) => (
                  <Typography component="li" variant="body2" key={place}>
                    {marker.label}
                  </Typography>
                ))}
              </Box>
            )}
            {outcome.kind === "explicit" && outcome.axis === "y" && (
              <Button size="small" color="inherit" onClick={() => play(outcome)} sx={{ mt: 0.5 }}>
                Play as sound
              </Button>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
});
