import { z } from "zod";

/**
 * The cards the built-in test mode takes (docs/payments.md), the same numbers as Stripe's test cards,
 * and how it checks a card form. Shared by the test provider, which acts on a card's behaviour, and
 * the hosted pages, which list the cards. Any other number is refused, so a real card is never typed
 * into a page that only pretends to charge it.
 */
export type TestCardBehaviour = "succeeds" | "declined" | "requires_confirmation" | "fails_later";

export interface TestCard {
  /** As a person types it, in groups of four. */
  number: string;
  last4: string;
  behaviour: TestCardBehaviour;
  /** What happens, for the list on the pages. */
  description: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: "4242 4242 4242 4242",
    last4: "4242",
    behaviour: "succeeds",
    description: "Succeeds: every payment goes through.",
  },
  {
    number: "4000 0000 0000 0002",
    last4: "0002",
    behaviour: "declined",
    description: "Declined: “Your card was declined.” Nothing changes.",
  },
  {
    number: "4000 0025 0000 3155",
    last4: "3155",
    behaviour: "requires_confirmation",
    description: "Needs an extra confirmation step (like 3-D Secure) that you complete or fail.",
  },
  {
    number: "4000 0000 0000 0341",
    last4: "0341",
    behaviour: "fails_later",
    description:
      "Accepted now, but the next charge fails (trial end, renewal, plan switch): shows a failed payment and past due.",
  },
];

/** What a declined card says, in Stripe's words. */
export const CARD_DECLINED_MESSAGE = "Your card was declined.";
/** What a failed extra confirmation says. */
export const CONFIRMATION_FAILED_MESSAGE =
  "We could not confirm this payment with your bank. Nothing was charged: try again or use another card.";

/** The test card a stored card's last four digits name, or null for none of them. */
export function testCardByLast4(last4: string): TestCard | null {
  return TEST_CARDS.find((card) => card.last4 === last4) ?? null;
}

/** A card as the test provider keeps it: never the full number, never the CVC. */
export interface CardDetails {
  name: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: TestCardBehaviour;
}

export const CARD_FIELDS = ["cardName", "cardNumber", "cardExpiry", "cardCvc"] as const;

const digitsOf = (text: string) => text.replace(/[\s-]/g, "");

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The card form's schema at the instant `at` (an expiry is checked against the current month, UTC).
 * The messages say what is wrong with each field, as a card form does.
 */
export function cardFormSchema(at: Date) {
  return z
    .object({
      cardName: z
        .string({ error: "Enter the name on the card." })
        .trim()
        .min(1, "Enter the name on the card.")
        .max(100, "The name on the card must be at most 100 characters."),
      cardNumber: z
        .string({ error: "Enter a card number." })
        .transform(digitsOf)
        .pipe(
          z
            .string()
            .min(1, "Enter a card number.")
            .regex(/^\d+$/, "A card number has only digits.")
            .min(12, "Your card number is incomplete.")
            .max(19, "Your card number is too long.")
            .refine(passesLuhn, "Your card number is invalid: check the digits.")
            .refine(
              (digits) => TEST_CARDS.some((card) => digitsOf(card.number) === digits),
              "This is not a test card. Test mode takes only the cards listed on this page: never type a real card number here.",
            ),
        ),
      cardExpiry: z
        .string({ error: "Enter the expiry date as MM/YY." })
        .trim()
        .regex(/^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/, "Enter the expiry date as MM/YY, for example 12/34.")
        .transform((text) => {
          const [month, year] = text.split("/").map((part) => Number(part.trim()));
          return { month: month!, year: year! < 100 ? 2000 + year! : year! };
        })
        .refine(({ month }) => month >= 1 && month <= 12, "The expiry month must be between 01 and 12.")
        .refine(
          ({ month, year }) => year * 12 + month >= at.getUTCFullYear() * 12 + at.getUTCMonth() + 1,
          "Your card's expiry date is in the past.",
        )
        .refine(({ year }) => year <= at.getUTCFullYear() + 50, "The expiry year is too far in the future."),
      cardCvc: z
        .string({ error: "Enter the card's security code (CVC)." })
        .trim()
        .min(1, "Enter the card's security code (CVC).")
        .regex(/^\d+$/, "The security code has only digits.")
        .length(3, "The security code is the 3 digits on the back of the card."),
    })
    .transform(({ cardName, cardNumber, cardExpiry }): CardDetails => ({
      name: cardName,
      last4: cardNumber.slice(-4),
      expMonth: cardExpiry.month,
      expYear: cardExpiry.year,
      behaviour: testCardByLast4(cardNumber.slice(-4))!.behaviour,
    }));
}
