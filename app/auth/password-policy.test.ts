import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { newPasswordProblem } from "./common-passwords.server";
import { COMMON_PASSWORD_COUNT, parseCommonPasswords, passwordProblem } from "./password-policy";

const shipped = readFileSync(new URL("../data/common-passwords.txt", import.meta.url), "utf8");

describe("the shipped common-password list", () => {
  it("holds 10,000 distinct passwords, the most common first", () => {
    const lines = shipped.trimEnd().split("\n");
    expect(lines).toHaveLength(COMMON_PASSWORD_COUNT);
    expect(parseCommonPasswords(shipped).size).toBe(COMMON_PASSWORD_COUNT);
    expect(lines.slice(0, 3)).toEqual(["123456", "password", "12345678"]);
  });
});

describe("passwordProblem", () => {
  const common = parseCommonPasswords("password1234\nqwertyuiop\n");

  it("accepts a long, uncommon password", () => {
    expect(passwordProblem("correct horse battery", "ada@example.org", common)).toBeNull();
  });

  it("refuses short, empty and overlong passwords", () => {
    expect(passwordProblem("", "a@b.org", common)).toBe("Choose a password.");
    expect(passwordProblem("123456789", "a@b.org", common)).toBe("Choose a password of at least 10 characters.");
    expect(passwordProblem("x".repeat(201), "a@b.org", common)).toBe("The password must be at most 200 characters.");
    expect(passwordProblem("x".repeat(10), "a@b.org", common)).toBeNull();
  });

  it("refuses the e-mail address and its local part, in any case", () => {
    expect(passwordProblem("Ada.Lovelace@Example.org", "ada.lovelace@example.org", common)).toMatch(/e-mail/);
    expect(passwordProblem("ADA.LOVELACE", "ada.lovelace@example.org", common)).toMatch(/e-mail/);
  });

  it("refuses listed passwords whatever their case", () => {
    expect(passwordProblem("QwertyUiop", "a@b.org", common)).toMatch(/most common/);
    expect(passwordProblem("password1234", "a@b.org", common)).toMatch(/most common/);
  });
});

describe("newPasswordProblem (with the shipped list)", () => {
  it("refuses common passwords of ten or more characters from the list", () => {
    for (const password of ["1234567890", "qwertyuiop", "password123"]) {
      expect(parseCommonPasswords(shipped).has(password)).toBe(true);
      expect(newPasswordProblem(password, "someone@example.org")).toMatch(/most common/);
    }
    expect(newPasswordProblem("a long test password 31415", "someone@example.org")).toBeNull();
  });
});
