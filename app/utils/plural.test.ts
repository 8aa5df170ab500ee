import { describe, expect, it } from "vitest";
import { countOf } from "./plural";

describe("countOf", () => {
  it("uses the singular for one only", () => {
    expect(countOf(1, "session")).toBe("1 session");
    expect(countOf(0, "session")).toBe("0 sessions");
    expect(countOf(3, "entry", "entries")).toBe("3 entries");
  });
});
