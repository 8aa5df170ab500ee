/**
 * Money as the subscription stores it: a whole number of the currency's minor units (cents; yen have
 * none), so no amount is ever a rounded float. Shown with Intl.NumberFormat.
 */

/** The currencies a plan can be priced in: widely settled by card providers. */
export const PLAN_CURRENCIES = [
  "EUR",
  "USD",
  "GBP",
  "CHF",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
  "CAD",
  "AUD",
  "JPY",
] as const;
export type PlanCurrency = (typeof PLAN_CURRENCIES)[number];

export interface Money {
  /** Whole minor units: 499 is €4.99, and ¥500 is 500. */
  minor: number;
  currency: PlanCurrency;
}

/** How many decimals the currency has (EUR 2, JPY 0), as ISO 4217 and Intl say. */
export function minorUnitDigits(currency: PlanCurrency): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

export function formatMoney({ minor, currency }: Money, locale = "en"): string {
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits }).format(
    minor / 10 ** digits,
  );
}

/** The amount as a person types it, in the major unit without a symbol: "4.99", "500" (yen). */
export function amountText({ minor, currency }: Money): string {
  const digits = minorUnitDigits(currency);
  if (digits === 0) return String(minor);
  const padded = String(minor).padStart(digits + 1, "0");
  return `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** Up to ten million in the major unit: far above any plan, far below where a double loses cents. */
const AMOUNT = /^(\d{1,8})(?:[.,](\d+))?$/;

/**
 * An amount typed in the currency's major unit ("4.99", "4,99", "5") as minor units, read from the
 * digits (never through a float); or what is wrong with it.
 */
export function parseMoneyAmount(text: string, currency: PlanCurrency): { minor: number } | { error: string } {
  const digits = minorUnitDigits(currency);
  const example = digits === 0 ? "500" : "4.99";
  const match = AMOUNT.exec(text.trim());
  if (!match) return { error: `Enter an amount in ${currency}, such as ${example}.` };
  const fraction = match[2] ?? "";
  if (fraction.length > digits) {
    return {
      error: digits === 0 ? `${currency} has no smaller unit: enter a whole amount.` : `At most ${digits} decimals.`,
    };
  }
  return { minor: Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0") };
}
