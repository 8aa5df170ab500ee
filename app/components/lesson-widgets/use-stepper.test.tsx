// @vitest-environment happy-dom
import { createTheme, ThemeProvider } from "@mui/material/styles";
import { act, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StepperControls } from "./stepper-controls";
import { useStepper, type StepperOptions } from "./use-stepper";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** Ripples animate on timers of their own, which have nothing to do with the stepper. */
const withoutRipples = createTheme({ components: { MuiButtonBase: { defaultProps: { disableRipple: true } } } });

type Props = Omit<StepperOptions, "last"> & {
  resetLabel?: string;
  toEndLabel?: string;
  replayLabel?: string;
};

/** A widget reduced to its stepper: the step as text, a field, a button that changes the last step, the controls. */
function Harness({ resetLabel, toEndLabel, replayLabel, ...options }: Props) {
  const [last, setLast] = useState(5);
  const stepper = useStepper({ ...options, last });
  return (
    <div>
      <output>{stepper.step}</output>
      <input aria-label="A field" readOnly />
      <button type="button" onClick={() => setLast(last * 2)}>
        Double
      </button>
      <StepperControls stepper={stepper} toEndLabel={toEndLabel} resetLabel={resetLabel} replayLabel={replayLabel} />
    </div>
  );
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

const mount = (props: Props) =>
  act(() =>
    root.render(
      <ThemeProvider theme={withoutRipples}>
        <Harness resetLabel="Reset" toEndLabel="To the end" {...props} />
      </ThemeProvider>,
    ),
  );
const shown = () => Number(container.querySelector("output")?.textContent);
const button = (name: string) => {
  const found = [...container.querySelectorAll("button")].find((element) => element.textContent === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
};
/** Focuses the button first, as a click does in a browser. */
const press = (name: string) =>
  act(() => {
    const target = button(name);
    target.focus();
    target.click();
  });
/** Lets time pass a millisecond at a time, so each step's effect sets the next timer as in a browser. */
const wait = (milliseconds: number) => {
  for (let elapsed = 0; elapsed < milliseconds; elapsed += 1) act(() => vi.advanceTimersByTime(1));
};

describe("useStepper with StepperControls", () => {
  it("starts on the first step and never plays by itself", () => {
    mount({ delay: 100 });
    wait(2000);
    expect(shown()).toBe(0);
    expect(button("Play").disabled).toBe(false);
    expect(button("Step").disabled).toBe(false);
    expect(button("Reset").disabled).toBe(true);
  });

  it("plays one step per delay, says Pause meanwhile, and stops by itself on the last step", () => {
    mount({ delay: 100 });
    press("Play");
    expect(button("Pause")).toBeDefined();
    wait(99);
    expect(shown()).toBe(0);
    wait(1);
    expect(shown()).toBe(1);
    wait(400);
    expect(shown()).toBe(5);
    expect(button("Play").disabled).toBe(false);
    wait(1000);
    expect(shown()).toBe(5);
    expect(button("Step").disabled).toBe(true);
    expect(button("To the end").disabled).toBe(true);
  });

  it("pauses on Pause and on a step by hand", () => {
    mount({ delay: 100 });
    press("Play");
    wait(200);
    press("Pause");
    wait(1000);
    expect(shown()).toBe(2);
    press("Play");
    wait(100);
    press("Step");
    expect(shown()).toBe(4);
    wait(1000);
    expect(shown()).toBe(4);
    expect(button("Play")).toBeDefined();
  });

  it("plays again from the first step when started on the last, saying so when asked to", () => {
    mount({ delay: 100, replayLabel: "Play again" });
    press("To the end");
    expect(shown()).toBe(5);
    press("Play again");
    expect(shown()).toBe(0);
    wait(100);
    expect(shown()).toBe(1);
  });

  it("hands the focus on when the pressed button becomes disabled: to Play at the end, to Step at the start", () => {
    mount({ delay: 100 });
    press("Step");
    expect(document.activeElement).toBe(button("Step"));
    press("To the end");
    expect(document.activeElement).toBe(button("Play"));
    press("Reset");
    expect(shown()).toBe(0);
    expect(document.activeElement).toBe(button("Step"));
    for (let i = 0; i < 5; i += 1) press("Step");
    expect(shown()).toBe(5);
    expect(document.activeElement).toBe(button("Play"));
  });

  it("leaves the focus alone when a move does not disable the focused element", () => {
    mount({ delay: 100 });
    const field = container.querySelector("input")!;
    act(() => field.focus());
    act(() => button("To the end").click());
    expect(shown()).toBe(5);
    expect(document.activeElement).toBe(field);
  });

  it("counts from `first`, waits as long as `delay` says for each step, and moves `stride` steps a tick", () => {
    mount({ first: 1, delay: (step) => (step === 2 ? 500 : 100), stride: 2 });
    expect(shown()).toBe(1);
    press("Play");
    wait(100);
    expect(shown()).toBe(3);
    wait(100);
    expect(shown()).toBe(5);
    press("Reset");
    expect(shown()).toBe(1);
    press("Step");
    expect(shown()).toBe(2);
    press("Play");
    wait(499);
    expect(shown()).toBe(2);
    wait(1);
    expect(shown()).toBe(4);
  });

  it("without a Reset, keeps Step enabled at the end, where it starts again from the first step after the start", () => {
    mount({ delay: 100, resetLabel: undefined });
    press("To the end");
    expect(button("Step").disabled).toBe(false);
    press("Step");
    expect(shown()).toBe(1);
  });

  it("can start on the last step, and stays on the last when the last moves", () => {
    mount({ delay: 100, startAtEnd: true });
    expect(shown()).toBe(5);
    press("Double");
    expect(shown()).toBe(10);
    press("Reset");
    press("Double");
    expect(shown()).toBe(0);
  });

  it("disables Play when the first step is the last", () => {
    mount({ first: 5, delay: 100 });
    expect(button("Play").disabled).toBe(true);
    expect(button("Step").disabled).toBe(true);
    expect(button("Reset").disabled).toBe(true);
  });
});
