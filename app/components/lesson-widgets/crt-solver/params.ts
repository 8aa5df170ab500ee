import { z } from "zod";
import { parseCongruenceList } from "#core/numtheory/congruence-list";
import { textAttribute, widgetAttributes } from "../widget-params";

export const description =
  "Solves up to six congruences x ≡ a (mod m) step by step with the Chinese remainder theorem, moduli coprime or not.";

export const attributes = widgetAttributes({
  congruences: textAttribute({ maxLength: 200, default: "2 mod 3, 3 mod 5, 2 mod 7" }).transform((text, context) => {
    const parsed = parseCongruenceList(text);
    if (parsed.ok) return parsed.value;
    context.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  }),
});

export type Attributes = z.output<typeof attributes>;
