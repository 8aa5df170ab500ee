import { describe, expect, it } from "vitest";
import { isUniqueViolation, likeLiteral } from "./database-errors.server";

describe("database errors and LIKE patterns", () => {
  it("escapes LIKE wildcards and the escape character", () => {
    expect(likeLiteral("100%_sure\\")).toBe("100\\%\\_sure\\\\");
    expect(likeLiteral("plain")).toBe("plain");
  });

  it("recognises unique violations of both dialects only", () => {
    expect(isUniqueViolation({ code: "23505" })).toBe(true);
    expect(isUniqueViolation({ code: "SQLITE_CONSTRAINT_UNIQUE" })).toBe(true);
    expect(isUniqueViolation({ code: "23503" })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
