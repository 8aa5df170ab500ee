import { describe, expect, it } from "vitest";
import { entitlementsFor } from "./entitlements";

describe("entitlementsFor", () => {
  it("gives a free learner none of the paid or admin features", () => {
    expect(entitlementsFor({ role: "user", isPremium: false })).toEqual({
      adminArea: false,
      premiumChapters: false,
      unlimitedQuizzes: false,
    });
  });

  it("gives a subscriber the paid features but not the admin area", () => {
    expect(entitlementsFor({ role: "user", isPremium: true })).toEqual({
      adminArea: false,
      premiumChapters: true,
      unlimitedQuizzes: true,
    });
  });

  it("gives an admin everything, with or without a subscription", () => {
    const everything = { adminArea: true, premiumChapters: true, unlimitedQuizzes: true };
    expect(entitlementsFor({ role: "admin", isPremium: false })).toEqual(everything);
    expect(entitlementsFor({ role: "admin", isPremium: true })).toEqual(everything);
  });
});
