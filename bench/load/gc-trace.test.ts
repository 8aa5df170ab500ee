import { describe, expect, it } from "vitest";
import { mainThreadFullCollections } from "./gc-trace";

const LOG = [
  "[9729:0x15c12ce0]      420 ms: Mark-Compact 15.3 (28.6) -> 10.9 (29.6) MB, 5.12 / 0.02 ms  (+ 5.8 ms in 79 steps)",
  "[9729:0x7fc72c000f00]      579 ms: Mark-Compact 81.3 (108.9) -> 76.8 (111.6) MB, 41.99 / 0.00 ms",
  '{"level":"info","msg":"request","path":"/"}',
  "[9729:0x15c12ce0]     4597 ms: Scavenge 198.3 (224.6) -> 190.0 (227.0) MB, 1.1 / 0.0 ms",
  "[9729:0x15c12ce0]    16081 ms: Mark-Compact 366.7 (391.4) -> 120.2 (378.0) MB, 18.58 / 0.65 ms",
  "[9729:0x7fc72c000f00]    25626 ms: Mark-Compact (reduce) 21.3 (22.9) -> 21.3 (22.9) MB, 5.56 / 0.03 ms",
  "[9729:0x15c12ce0]    45399 ms: Mark-Compact (reduce) 481.1 (507.7) -> 132.5 (508.5) MB, 30.29 / 2.24 ms",
].join("\n");

describe("mainThreadFullCollections", () => {
  it("keeps the full collections of the isolate with the largest live heap, in order", () => {
    expect(mainThreadFullCollections(LOG)).toEqual([
      { isolate: "0x15c12ce0", atMs: 420, liveMb: 10.9 },
      { isolate: "0x15c12ce0", atMs: 16081, liveMb: 120.2 },
      { isolate: "0x15c12ce0", atMs: 45399, liveMb: 132.5 },
    ]);
  });

  it("finds nothing in a log without collections", () => {
    expect(mainThreadFullCollections('{"msg":"request"}\n')).toEqual([]);
  });
});
