/**
 * The events of POST /admin/adminia/stream, a text/event-stream: the server writes them with
 * `eventText`, the page reads them with `readAssistantEvents` (fetch and a ReadableStream, since
 * EventSource cannot POST). Each event is one `event:` line and one `data:` line of JSON.
 */

export type AssistantEvent =
  /** The request is stored: its id in the history, and the model that answers. */
  | { type: "start"; requestId: string; model: string }
  /** The next piece of the answer. */
  | { type: "delta"; text: string }
  /** The answer is complete and stored. */
  | { type: "done"; requestId: string }
  /** The answer failed (what arrived is kept in the history); `message` says why, for the admin. */
  | { type: "failed"; requestId: string; message: string };

export function eventText(event: AssistantEvent): string {
  const { type, ...data } = event;
  // JSON never holds a raw line break, so one data: line carries the whole event.
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

const EVENT_TYPES = new Set<AssistantEvent["type"]>(["start", "delta", "done", "failed"]);

/** One event block (the lines between blank lines) read back, or null for comments and unknown events. */
function parseBlock(block: string): AssistantEvent | null {
  let type: string | null = null;
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") type = value;
    else if (field === "data") data.push(value);
  }
  if (type === null || !EVENT_TYPES.has(type as AssistantEvent["type"]) || data.length === 0) return null;
  const fields: unknown = JSON.parse(data.join("\n"));
  if (typeof fields !== "object" || fields === null) return null;
  return { ...(fields as object), type } as AssistantEvent;
}

/** Reads events as their bytes arrive, however the stream splits them. */
export async function* readAssistantEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<AssistantEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // stream: true keeps a character split between two chunks whole.
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const event = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (event) yield event;
        end = buffer.indexOf("\n\n");
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/** The headers of the stream: never cached, never compressed or buffered on the way (see server/compression.ts). */
export const EVENT_STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
} as const;
