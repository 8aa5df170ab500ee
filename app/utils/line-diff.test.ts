import { describe, expect, it } from "vitest";
import { random } from "#core/numtheory/test-oracles";
import { diffLines, type DiffLine } from "./line-diff";

/** Length of a longest common subsequence, by the textbook table: the oracle for minimality. */
function lcsLength(a: string[], b: string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const line of a) {
    const current = [0];
    b.forEach((other, j) => current.push(line === other ? previous[j]! + 1 : Math.max(previous[j + 1]!, current[j]!)));
    previous = current;
  }
  return previous[b.length]!;
}

const lines = (text: string) => (text === "" ? [] : text.split("\n"));

/** The diff read back: each side rebuilt from its lines, and every line number where it belongs. */
function expectValid(diff: DiffLine[], before: string, after: string): void {
  const oldSide = diff.filter((line) => line.kind !== "added");
  const newSide = diff.filter((line) => line.kind !== "removed");
  // Compared as strings: deep equality of 40,000-element arrays is slow in the test runner.
  expect(oldSide.map((line) => line.text).join("\n")).toBe(before);
  expect(newSide.map((line) => line.text).join("\n")).toBe(after);
  expect(oldSide.every((line, index) => line.oldLine === index + 1)).toBe(true);
  expect(newSide.every((line, index) => line.newLine === index + 1)).toBe(true);
  expect(diff.some((line) => (line.kind === "added" ? line.oldLine : line.kind === "removed" ? line.newLine : 0))).toBe(
    false,
  );
}

/** In every run of changes, removed lines come before added ones. */
const removedFirst = (diff: DiffLine[]) =>
  diff.every((line, index) => !(line.kind === "removed" && diff[index - 1]?.kind === "added"));

describe("diffLines", () => {
  it("marks the lines kept, removed and added", () => {
    expect(diffLines("a\nb\nc", "a\nx\nc\nd")).toEqual([
      { kind: "same", text: "a", oldLine: 1, newLine: 1 },
      { kind: "removed", text: "b", oldLine: 2 },
      { kind: "added", text: "x", newLine: 2 },
      { kind: "same", text: "c", oldLine: 3, newLine: 3 },
      { kind: "added", text: "d", newLine: 4 },
    ]);
  });

  it("treats an empty text as no lines", () => {
    expect(diffLines("", "")).toEqual([]);
    expect(diffLines("", "a")).toEqual([{ kind: "added", text: "a", newLine: 1 }]);
    expect(diffLines("a\n", "a")).toEqual([
      { kind: "same", text: "a", oldLine: 1, newLine: 1 },
      { kind: "removed", text: "", oldLine: 2 },
    ]);
  });

  it("keeps as many lines as a longest common subsequence, on random small texts", () => {
    const next = random(7);
    for (let round = 0; round < 2000; round++) {
      const text = () =>
        Array.from({ length: Math.floor(next() * 9) }, () => "abc"[Math.floor(next() * 3)]!).join("\n");
      const before = text();
      const after = text();
      const diff = diffLines(before, after);
      expectValid(diff, before, after);
      expect(diff.filter((line) => line.kind === "same").length).toBe(lcsLength(lines(before), lines(after)));
      expect(removedFirst(diff)).toBe(true);
    }
  });

  it("finds a few edits in 20,000 lines", () => {
    const next = random(11);
    const before = Array.from({ length: 20_000 }, (_, index) => `line ${index} ${Math.floor(next() * 1e6)}`);
    const after = [...before];
    for (let edit = 0; edit < 40; edit++) {
      const at = Math.floor(next() * after.length);
      if (edit % 2 === 0) after.splice(at, 1);
      else after.splice(at, 0, `new line ${edit}`);
    }
    const diff = diffLines(before.join("\n"), after.join("\n"));
    expectValid(diff, before.join("\n"), after.join("\n"));
    expect(diff.filter((line) => line.kind !== "same").length).toBeLessThanOrEqual(40);
  });

  it("falls back to replacing the middle when two long texts have little in common", () => {
    const before = ["head", ...Array.from({ length: 20_000 }, (_, index) => `old ${index}`), "tail"].join("\n");
    const after = ["head", ...Array.from({ length: 20_000 }, (_, index) => `new ${index}`), "tail"].join("\n");
    const diff = diffLines(before, after);
    expectValid(diff, before, after);
    const kinds = diff.map((line) => line.kind[0]).join("");
    expect(kinds).toBe(`s${"r".repeat(20_000)}${"a".repeat(20_000)}s`);
  });

  it("gives up on a shortest diff past its budget, keeping only the common start and end", () => {
    // Every other line removed: 10,000 differences, far past what a quick diff may search.
    const before = Array.from({ length: 20_000 }, (_, index) => `line ${index}`);
    const after = before.filter((_, index) => index % 2 === 0 || index === 1);
    const diff = diffLines(before.join("\n"), after.join("\n"));
    expectValid(diff, before.join("\n"), after.join("\n"));
    expect(diff.filter((line) => line.kind === "same").map((line) => line.text)).toEqual([
      "line 0",
      "line 1",
      "line 2",
    ]);
  });
});
