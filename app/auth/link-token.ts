const MAX_TOKEN_LENGTH = 100;

/** The token of an e-mailed link from a query or form value, or null when it cannot be one. */
export function readLinkToken(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 && value.length <= MAX_TOKEN_LENGTH ? value : null;
}

export const INVALID_LINK =
  "This link is not valid any more: it may have been used already, be more than an hour old, or be incomplete.";
