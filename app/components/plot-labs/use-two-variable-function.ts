import { useMemo, useState } from "react";
import { readTwoVariableInput, type TwoVariableInput, type TwoVariableReading } from "./two-variable-input";

type GoodReading = Extract<TwoVariableReading, { ok: true }>;

/**
 * The typed function and the grid it gives. While the input has a problem the last good grid
 * stays on screen, so a half-typed formula never blanks the plot.
 */
export function useTwoVariableFunction(initial: TwoVariableInput) {
  const [input, setInput] = useState(initial);
  const reading = useMemo(() => readTwoVariableInput(input), [input]);
  const [lastGood, setLastGood] = useState<GoodReading | null>(reading.ok ? reading : null);
  // Remembering a value from an earlier render: React's pattern of setting state while rendering.
  if (reading.ok && reading !== lastGood) setLastGood(reading);
  return {
    input,
    setInput,
    problems: reading.ok ? {} : reading.problems,
    plotted: reading.ok ? reading : lastGood,
  };
}
