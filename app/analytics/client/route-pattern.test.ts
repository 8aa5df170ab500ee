import { describe, expect, it } from "vitest";
import { routePatternOf } from "./route-pattern";

describe("routePatternOf", () => {
  it("keeps a path without params", () => {
    expect(routePatternOf("/", {})).toBe("/");
    expect(routePatternOf("/prime-factorization-engine", {})).toBe("/prime-factorization-engine");
  });

  it("names each param's segment", () => {
    expect(
      routePatternOf("/quiz/0b7c3e0a-1f7e-4a8c-9d1e-2b2f1d0c9e11/results", {
        attemptId: "0b7c3e0a-1f7e-4a8c-9d1e-2b2f1d0c9e11",
      }),
    ).toBe("/quiz/:attemptId/results");
    expect(
      routePatternOf("/admin/content/ch-1/sections/s-2/revisions/3", {
        chapterId: "ch-1",
        sectionId: "s-2",
        revision: "3",
      }),
    ).toBe("/admin/content/:chapterId/sections/:sectionId/revisions/:revision");
  });

  it("compares a param with its segment decoded", () => {
    expect(routePatternOf("/chapter/r%C3%A9sum%C3%A9", { chapterName: "résumé" })).toBe("/chapter/:chapterName");
  });

  it("replaces the param, not a static segment of the same value", () => {
    expect(routePatternOf("/admin/content/content", { chapterId: "content" })).toBe("/admin/content/:chapterId");
  });

  it("turns a splat's segments into *", () => {
    expect(routePatternOf("/no/such/page", { "*": "no/such/page" })).toBe("/*");
    expect(routePatternOf("/files/a/b", { "*": "a/b" })).toBe("/files/*");
  });
});
