import Box from "@mui/material/Box";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";

/** SPEC.md §4: the bar appears only for navigations longer than the throttle. */
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 2000;
export const LOADING_BAR_HEIGHT_PX = 3;
const FINISH_FADE_MS = 300;
/** The bar eases towards this share while waiting; only finishing fills it. */
const PROGRESS_CEILING = 0.9;

export type LoadingBarState = "idle" | "start" | "progress" | "finish" | "error";

const NavigationErrorContext = createContext<() => void>(() => {});

/** Error boundaries call this so the bar ends in its error state. */
export function useReportNavigationError(): void {
  const report = useContext(NavigationErrorContext);
  const { key } = useLocation();
  useEffect(report, [report, key]);
}

export function LoadingBarProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<LoadingBarState>("idle");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const failed = useRef(false);
  const reportError = useCallback(() => {
    failed.current = true;
  }, []);

  useEffect(() => {
    if (busy) {
      failed.current = false;
      const throttle = setTimeout(() => setState("start"), LOADING_BAR_THROTTLE_MS);
      return () => clearTimeout(throttle);
    }
    setState((current) => {
      if (current === "idle") return failed.current ? "error" : "idle";
      return failed.current ? "error" : "finish";
    });
  }, [busy]);

  useEffect(() => {
    if (state === "start") {
      // Let the bar paint at zero width first, so the transition has somewhere to start.
      const frame = requestAnimationFrame(() => setState("progress"));
      return () => cancelAnimationFrame(frame);
    }
    if (state === "finish" || state === "error") {
      const linger = state === "error" ? ERROR_LINGER_MS : 150;
      const fade = setTimeout(() => setState("idle"), linger + FINISH_FADE_MS);
      return () => clearTimeout(fade);
    }
  }, [state]);

  return (
    <NavigationErrorContext.Provider value={reportError}>
      <LoadingBar state={state} />
      {children}
    </NavigationErrorContext.Provider>
  );
}

const widths: Record<LoadingBarState, number> = {
  idle: 0,
  start: 0,
  progress: PROGRESS_CEILING,
  finish: 1,
  error: 1,
};

const ERROR_LINGER_MS = 1200;

function LoadingBar({ state }: { state: LoadingBarState }) {
  const running = state === "start" || state === "progress";
  const ending = state === "finish" || state === "error";
  const fadeDelay = state === "error" ? ERROR_LINGER_MS : 150;
  return (
    <Box
      role="progressbar"
      aria-label="Page loading"
      aria-hidden={state === "idle"}
      data-state={state}
      sx={{
        position: "fixed",
        top: 0,
        left: 0,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        height: LOADING_BAR_HEIGHT_PX,
        width: `${widths[state] * 100}%`,
        opacity: running ? 1 : 0,
        bgcolor: state === "error" ? "nd_red.main" : "primary.main",
        transition: running
          ? `width ${state === "progress" ? LOADING_BAR_DURATION_MS : 0}ms cubic-bezier(0.1, 0.6, 0.3, 1)`
          : ending
            ? `width 150ms ease-out, opacity ${FINISH_FADE_MS}ms ease ${fadeDelay}ms`
            : "none",
        pointerEvents: "none",
      }}
    />
  );
}
