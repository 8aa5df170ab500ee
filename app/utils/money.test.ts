import { describe, expect, it } from "vitest";
import { amountText, formatMoney, minorUnitDigits, parseMoneyAmount, PLAN_CURRENCIES } from "./money";

describe("money in minor units", () => {
  it("knows each plan currency's decimals", () => {
    expect(minorUnitDigits("EUR")).toBe(2);
    expect(minorUnitDigits("JPY")).toBe(0);
    for (const currency of PLAN_CURRENCIES) expect([0, 2]).toContain(minorUnitDigits(currency));
  });

  it("reads typed amounts exactly, with a point or a comma", () => {
    expect(parseMoneyAmount("4.99", "EUR")).toEqual({ minor: 499 });
    expect(parseMoneyAmount(" 4,99 ", "EUR")).toEqual({ minor: 499 });
    expect(parseMoneyAmount("39.9", "EUR")).toEqual({ minor: 3990 });
    expect(parseMoneyAmount("5", "USD")).toEqual({ minor: 500 });
    // 0.29 and 1.15 are not exact doubles; read from the digits they still give 29 and 115 cents.
    expect(parseMoneyAmount("0.29", "EUR")).toEqual({ minor: 29 });
    expect(parseMoneyAmount("1.15", "GBP")).toEqual({ minor: 115 });
    expect(parseMoneyAmount("500", "JPY")).toEqual({ minor: 500 });
  });

  it("says what is wrong with an amount it cannot read", () => {
    expect(parseMoneyAmount("4.999", "EUR")).toEqual({ error: "At most 2 decimals." });
    expect(parseMoneyAmount("5.5", "JPY")).toEqual({ error: "JPY has no smaller unit: enter a whole amount." });
    for (const text of ["", "-1", "1e3", "4.", "€4.99", "4.99.1", "123456789"]) {
      expect(parseMoneyAmount(text, "EUR")).toEqual({ error: "Enter an amount in EUR, such as 4.99." });
    }
    expect(parseMoneyAmount("abc", "JPY")).toEqual({ error: "Enter an amount in JPY, such as 500." });
  });

  it("writes amounts back as they are typed", () => {
    expect(amountText({ minor: 499, currency: "EUR" })).toBe("4.99");
    expect(amountText({ minor: 5, currency: "EUR" })).toBe("0.05");
    expect(amountText({ minor: 500, currency: "JPY" })).toBe("500");
    for (const minor of [50, 499, 3999, 10_000_000]) {
      expect(parseMoneyAmount(amountText({ minor, currency: "EUR" }), "EUR")).toEqual({ minor });
    }
  });

  it("shows amounts with the currency's symbol and decimals", () => {
    expect(formatMoney({ minor: 499, currency: "EUR" })).toBe("€4.99");
    expect(formatMoney({ minor: 3999, currency: "EUR" })).toBe("€39.99");
    expect(formatMoney({ minor: 500, currency: "EUR" })).toBe("€5.00");
    expect(formatMoney({ minor: 500, currency: "JPY" })).toBe("¥500");
    expect(formatMoney({ minor: 499, currency: "EUR" }, "de-DE")).toBe("4,99\u00a0€");
  });
});
