import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/", "/"],
    ["/chapters/primes", "/chapters/primes"],
    ["/tools/factor?n=91&steps=1", "/tools/factor?n=91&steps=1"],
    ["/chapters/primes#sieve", "/chapters/primes#sieve"],
    ["/search?q=a%20b#top", "/search?q=a%20b#top"],
    ["/account/", "/account/"],
  ])("keeps the same-site path %j", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it("normalizes dot segments without leaving the site", () => {
    expect(safeRedirectPath("/a/../b")).toBe("/b");
    expect(safeRedirectPath("/../../etc")).toBe("/etc");
  });

  it.each([
    ["an absolute http URL", "http://evil.com/"],
    ["an absolute https URL", "https://evil.com/login"],
    ["a URL of this very site's placeholder origin", "http://numberlab.invalid/"],
    ["a protocol-relative URL", "//evil.com"],
    ["a protocol-relative URL with a path", "//evil.com/chapters"],
    ["a backslash after the slash", "/\\evil.com"],
    ["two backslashes", "\\\\evil.com"],
    ["a tab between the slashes", "/\t/evil.com"],
    ["a newline between the slashes", "/\n/evil.com"],
    ["a carriage return between the slashes", "/\r/evil.com"],
    ["a dot segment that leaves two slashes", "/.//evil.com"],
    ["a parent segment that leaves two slashes", "/..//evil.com"],
    ["an encoded dot segment that leaves two slashes", "/%2e//evil.com"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["a relative path", "chapters/primes"],
    ["a path with leading whitespace", " /chapters"],
    ["an empty string", ""],
  ])("refuses %s", (_label, input) => {
    expect(safeRedirectPath(input)).toBe("/");
    expect(safeRedirectPath(input, "/account")).toBe("/account");
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["a number", 42],
    ["an array of a path", ["/chapters"]],
    ["an object", { toString: () => "/chapters" }],
    ["a File", new File(["/chapters"], "redirect.txt")],
  ])("refuses %s, which is not a string", (_label, input) => {
    expect(safeRedirectPath(input, "/home")).toBe("/home");
  });

  it("refuses over-long values and accepts one at the length limit", () => {
    const atLimit = `/${"a".repeat(1999)}`;
    expect(atLimit).toHaveLength(2000);
    expect(safeRedirectPath(atLimit)).toBe(atLimit);
    expect(safeRedirectPath(`${atLimit}a`)).toBe("/");
  });

  it("never returns something a browser would read as another host", () => {
    const tricks = ["/.//evil.com", "/\\/evil.com", "/\t\\evil.com", "/%2E%2E//evil.com", "/./\\evil.com"];
    for (const trick of tricks) {
      const result = safeRedirectPath(trick);
      expect(new URL(result, "https://numberlab.example").origin, trick).toBe("https://numberlab.example");
    }
  });
});
