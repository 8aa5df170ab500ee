import { z } from "zod";
import type { PlanInterval } from "#database/schema";
import { formatMoney, PLAN_CURRENCIES, type PlanCurrency } from "#app/utils/money";

/**
 * The two plans and what they cost, as every billing page and the admin settings say it. Prices come
 * from the settings (readSettings), never from a form; these helpers only word and compare them.
 */
export const PLAN_INTERVALS = ["monthly", "yearly"] as const satisfies readonly PlanInterval[];

export const planSchema = z.enum(PLAN_INTERVALS, { error: "Choose the monthly or the yearly plan." });

export interface PlanPrices {
  currency: PlanCurrency;
  monthlyPriceMinor: number;
  yearlyPriceMinor: number;
}

/** The plans' prices out of the settings (readSettings). */
export function planPrices(settings: {
  planCurrency: PlanCurrency;
  monthlyPriceMinor: number;
  yearlyPriceMinor: number;
}): PlanPrices {
  const { planCurrency: currency, monthlyPriceMinor, yearlyPriceMinor } = settings;
  return { currency, monthlyPriceMinor, yearlyPriceMinor };
}

export function planAmountMinor(prices: PlanPrices, plan: PlanInterval): number {
  return plan === "monthly" ? prices.monthlyPriceMinor : prices.yearlyPriceMinor;
}

/** "a month" / "a year", after a price. */
export function perPeriod(plan: PlanInterval): string {
  return plan === "monthly" ? "a month" : "a year";
}

export function planName(plan: PlanInterval): string {
  return plan === "monthly" ? "Monthly" : "Yearly";
}

export interface YearlySaving {
  /** Twelve monthly payments, formatted. */
  twelveMonthly: string;
  /** What the yearly plan saves against them, formatted. */
  saved: string;
  /** The same as a whole percentage. */
  percent: number;
}

/** What the yearly plan saves against twelve monthly payments (the settings keep it cheaper). */
export function yearlySaving({ currency, monthlyPriceMinor, yearlyPriceMinor }: PlanPrices): YearlySaving {
  const twelve = 12 * monthlyPriceMinor;
  return {
    twelveMonthly: formatMoney({ minor: twelve, currency }),
    saved: formatMoney({ minor: twelve - yearlyPriceMinor, currency }),
    percent: Math.round((1 - yearlyPriceMinor / twelve) * 100),
  };
}

/**
 * An amount a provider reported, formatted; providers write currency codes in either case. Falls back
 * to Intl for a currency the plans do not offer, and to the raw minor units for a code Intl rejects.
 */
export function providerMoney(minor: number, currency: string): string {
  const code = currency.toUpperCase();
  if ((PLAN_CURRENCIES as readonly string[]).includes(code)) {
    return formatMoney({ minor, currency: code as PlanCurrency });
  }
  try {
    const format = new Intl.NumberFormat("en", { style: "currency", currency: code });
    return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${minor} ${code} (minor units)`;
  }
}
