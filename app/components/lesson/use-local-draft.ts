import { useCallback, useState, useSyncExternalStore } from "react";

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage blocked (private mode, policy): the draft lives only in this tab.
    return null;
  }
}

function subscribeToStorage(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/**
 * Text kept in this browser's local storage under `key`. The server and the
 * hydrating client render `initial`; the stored draft shows right after, and
 * every change is written back at once.
 */
export function useLocalDraft(key: string, initial: string) {
  const stored = useSyncExternalStore(
    subscribeToStorage,
    () => readStored(key),
    () => null,
  );
  // What was typed in this tab; until then, the stored draft or the initial text.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? stored ?? initial;

  const setText = useCallback(
    (next: string) => {
      setTyped(next);
      try {
        localStorage.setItem(key, next);
      } catch {
        // Full or blocked storage must not stop the editing.
      }
    },
    [key],
  );
  return [text, setText] as const;
}
