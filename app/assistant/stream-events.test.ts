import { describe, expect, it } from "vitest";
import { eventText, readAssistantEvents, type AssistantEvent } from "./stream-events";

/** A body that arrives in the given pieces of bytes. */
function bodyOf(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<AssistantEvent[]> {
  const events: AssistantEvent[] = [];
  for await (const event of readAssistantEvents(body)) events.push(event);
  return events;
}

const EVENTS: AssistantEvent[] = [
  { type: "start", requestId: "r1", model: "m" },
  { type: "delta", text: "Line one\n\nline two: $x$ ≡ 1 — ünïcödé 🧮" },
  { type: "delta", text: "event: fake\ndata: {}\n\n" },
  { type: "failed", requestId: "r1", message: "The endpoint answered 500." },
];

describe("assistant events", () => {
  it("read back exactly what was written, however the bytes are split", async () => {
    const bytes = new TextEncoder().encode(EVENTS.map(eventText).join(""));
    expect(await readAll(bodyOf([bytes]))).toEqual(EVENTS);
    // One byte at a time splits every line and every multi-byte character.
    expect(await readAll(bodyOf([...bytes].map((byte) => new Uint8Array([byte]))))).toEqual(EVENTS);
  });

  it("skips comments and unknown events, and drops an unfinished last event", async () => {
    const text = `: keep-alive\n\nevent: other\ndata: {"x":1}\n\n${eventText({ type: "done", requestId: "r2" })}event: delta\ndata: {"text":"cut`;
    expect(await readAll(bodyOf([new TextEncoder().encode(text)]))).toEqual([{ type: "done", requestId: "r2" }]);
  });
});
