import { describe, expect, it } from "vitest";
import { COLOR_SCHEME_COOKIE, DEFAULT_COLOR_SCHEME, parseColorSchemeMode, readColorSchemeCookie } from "./color-scheme";

describe("readColorSchemeCookie", () => {
  it("defaults to light, as SPEC.md asks", () => {
    expect(DEFAULT_COLOR_SCHEME).toBe("light");
  });

  it.each([
    ["no Cookie header", null],
    ["an empty Cookie header", ""],
    ["only other cookies", "__session=abc; theme=dark"],
  ])("gives light for %s", (_label, header) => {
    expect(readColorSchemeCookie(header)).toBe("light");
  });

  it.each([
    ["color-scheme=dark", "dark"],
    ["color-scheme=system", "system"],
    ["color-scheme=light", "light"],
    ["__session=abc.def; color-scheme=dark", "dark"],
    ["color-scheme=dark; __session=abc.def", "dark"],
    ["a=1; color-scheme=system; b=2", "system"],
    ["a=1;color-scheme=dark", "dark"],
    ["a=1;   color-scheme=dark", "dark"],
  ] as const)("reads %j", (header, expected) => {
    expect(readColorSchemeCookie(header)).toBe(expected);
  });

  it.each([
    "color-scheme=purple",
    "color-scheme=",
    "color-scheme=Dark",
    "color-scheme=dark%00",
    'color-scheme="dark"',
    "color-scheme=darker",
    "color-scheme=dark ",
  ])("gives light for the invalid value in %j", (header) => {
    expect(readColorSchemeCookie(header)).toBe("light");
  });

  it("ignores cookies whose name merely ends in color-scheme", () => {
    expect(readColorSchemeCookie("my-color-scheme=dark")).toBe("light");
    expect(readColorSchemeCookie("xcolor-scheme=dark; color-scheme=system")).toBe("system");
    expect(readColorSchemeCookie("old-color-scheme=dark;color-scheme=system")).toBe("system");
  });

  it("ignores a value of another cookie that looks like the cookie", () => {
    expect(readColorSchemeCookie("note=color-scheme=dark")).toBe("light");
  });

  it("uses the cookie name the setter writes", () => {
    expect(readColorSchemeCookie(`${COLOR_SCHEME_COOKIE}=dark`)).toBe("dark");
  });
});

describe("parseColorSchemeMode", () => {
  it.each(["light", "dark", "system"] as const)("accepts %s", (mode) => {
    expect(parseColorSchemeMode(mode)).toBe(mode);
  });

  it.each([undefined, null, "", "DARK", " dark", "auto", 1, true, ["dark"], { mode: "dark" }])(
    "falls back to light for %j",
    (value) => {
      expect(parseColorSchemeMode(value)).toBe("light");
    },
  );
});
