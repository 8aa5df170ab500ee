import { describe, expect, it } from "vitest";
import { analyticsAllowed } from "./consent";

describe("analyticsAllowed", () => {
  it("allows a browser without privacy signals, for a guest or an account that allows it", () => {
    expect(analyticsAllowed({ doNotTrack: null }, {}, true)).toBe(true);
    expect(analyticsAllowed({ doNotTrack: "0", globalPrivacyControl: false }, {}, true)).toBe(true);
    expect(analyticsAllowed({ doNotTrack: "unspecified" }, { doNotTrack: null }, true)).toBe(true);
  });

  it("honours Do Not Track on navigator and on window", () => {
    expect(analyticsAllowed({ doNotTrack: "1" }, {}, true)).toBe(false);
    expect(analyticsAllowed({ doNotTrack: "yes" }, {}, true)).toBe(false);
    expect(analyticsAllowed({}, { doNotTrack: "1" }, true)).toBe(false);
  });

  it("honours Global Privacy Control", () => {
    expect(analyticsAllowed({ globalPrivacyControl: true }, {}, true)).toBe(false);
  });

  it("honours the account's switch", () => {
    expect(analyticsAllowed({}, {}, false)).toBe(false);
  });
});
