import { useCallback, useEffect, useRef, useState } from "react";
import { ASSISTANT_STREAM_PATH, type AskField } from "../assistant-vocabulary";
import { readAssistantEvents } from "../stream-events";

/** The page's side of a request: what it shows while the answer streams in. */
export type AnswerStreamState =
  | { phase: "idle" }
  | { phase: "connecting" }
  | { phase: "streaming"; model: string; text: string }
  /** The server refused the request before asking (the form, the limit, the switch). */
  | { phase: "refused"; message: string; errors: Partial<Record<AskField, string>> }
  /** The connection broke before the server could say how the answer ended. */
  | { phase: "broken"; message: string; text: string };

/**
 * Posts the ask form to the stream endpoint and reads the answer as it arrives (fetch and a
 * ReadableStream: EventSource cannot POST). Once the server has stored how the answer ended (done,
 * failed, or stopped by `stop`), `onEnded` gets the request's id so the page can open it from the
 * history. Leaving the page stops the answer too.
 */
export function useAnswerStream(onEnded: (requestId: string) => void) {
  const [state, setState] = useState<AnswerStreamState>({ phase: "idle" });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const ask = useCallback(
    async (form: HTMLFormElement) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState({ phase: "connecting" });
      let requestId: string | null = null;
      let text = "";
      try {
        const body = new URLSearchParams([...new FormData(form)].map(([name, value]) => [name, String(value)]));
        const response = await fetch(ASSISTANT_STREAM_PATH, { method: "POST", body, signal: controller.signal });
        if (!response.headers.get("Content-Type")?.startsWith("text/event-stream") || !response.body) {
          const refusal = (await response.json().catch(() => null)) as {
            message?: string;
            errors?: Partial<Record<AskField, string>>;
          } | null;
          setState({
            phase: "refused",
            message: refusal?.message ?? `The server answered ${response.status}: try again.`,
            errors: refusal?.errors ?? {},
          });
          return;
        }
        for await (const event of readAssistantEvents(response.body)) {
          if (event.type === "start") {
            requestId = event.requestId;
            setState({ phase: "streaming", model: event.model, text });
          } else if (event.type === "delta") {
            text += event.text;
            const shown = text;
            setState((current) => (current.phase === "streaming" ? { ...current, text: shown } : current));
          } else {
            // done or failed: the history has it now, with its checks or its reason.
            setState({ phase: "idle" });
            onEnded(event.requestId);
            return;
          }
        }
        setState({ phase: "broken", message: "The connection to the server closed before the answer ended.", text });
      } catch {
        if (controller.signal.aborted && requestId !== null) {
          // Stopped: the server stores what arrived as a failed request.
          setState({ phase: "idle" });
          onEnded(requestId);
          return;
        }
        setState(
          controller.signal.aborted
            ? { phase: "idle" }
            : {
                phase: "broken",
                message: "The connection to the server failed: check the network and try again.",
                text,
              },
        );
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [onEnded],
  );

  const stop = useCallback(() => running.current?.abort(), []);
  return { state, ask, stop };
}
