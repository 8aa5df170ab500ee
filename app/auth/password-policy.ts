import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules";

/** How many of the most common passwords the shipped list holds (app/data/common-passwords.txt). */
export const COMMON_PASSWORD_COUNT = 10_000;

/** Reads the shipped list: one password per line, most common first. */
export function parseCommonPasswords(text: string): ReadonlySet<string> {
  return new Set(
    text
      .split("\n")
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * Why a new password is refused, or null when it is acceptable. The rules are
 * NIST SP 800-63B's: a minimum length and a block-list, no composition rules.
 */
export function passwordProblem(password: string, email: string, common: ReadonlySet<string>): string | null {
  if (password.length === 0) return "Choose a password.";
  if (password.length < PASSWORD_MIN_LENGTH) return `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  const lowered = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  if (lowered === address || lowered === address.split("@")[0]) {
    return "The password must not be your e-mail address. Choose something only you know.";
  }
  if (common.has(lowered)) {
    return "This password is one of the 10,000 most common ones, so it would be guessed quickly. Choose another.";
  }
  return null;
}
