import { afterEach, beforeEach, vi } from "vitest";

/**
 * console.error during a test fails it. A test that expects an error message
 * calls `expectConsoleError()` first.
 */
let expected = 0;
let unexpected: unknown[][] = [];

export function expectConsoleError(count = 1): void {
  expected += count;
}

beforeEach(() => {
  expected = 0;
  unexpected = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (expected > 0) expected -= 1;
    else unexpected.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (unexpected.length > 0) {
    throw new Error(`Unexpected console.error:\n${unexpected.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});
