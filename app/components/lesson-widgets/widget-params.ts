import { z } from "zod";

/**
 * Builders for a lesson widget's directive attributes. Attributes arrive as
 * strings (`::widget{name="cycle-wheel" a="3" m="7"}`); each builder parses one,
 * applies its default when it is missing, and refuses a bad value with a
 * message an author can act on.
 */
export function integerAttribute(options: { min: number; max: number; default: number }) {
  const { min, max } = options;
  return z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined) return options.default;
      const trimmed = text.trim();
      if (!/^-?\d+$/.test(trimmed)) {
        context.addIssue({ code: "custom", message: `"${text}" is not a whole number` });
        return z.NEVER;
      }
      const value = Number(trimmed);
      if (value < min || value > max) {
        context.addIssue({ code: "custom", message: `${trimmed} is outside ${min}…${max}` });
        return z.NEVER;
      }
      return value;
    });
}

/** Free text with a length limit, e.g. a starting expression. */
export function textAttribute(options: { maxLength: number; default: string }) {
  return z
    .string()
    .max(options.maxLength, `at most ${options.maxLength} characters`)
    .optional()
    .transform((text) => text ?? options.default);
}

/** One of a fixed set of words. */
export function choiceAttribute<const T extends readonly [string, ...string[]]>(choices: T, fallback: T[number]) {
  return z
    .enum(choices, { error: `must be one of ${choices.join(", ")}` })
    .optional()
    .transform((value) => value ?? fallback);
}

/**
 * The attributes of one widget: unknown attributes are refused, so a typo in an
 * attribute name is caught instead of silently using the default.
 */
export function widgetAttributes<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape);
}

/** "n: 0 is outside 2…1000000" — the first problem with a widget's attributes, or null. */
export function describeAttributeProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid attributes";
  if (issue.code === "unrecognized_keys") return `unknown attribute ${issue.keys.map((key) => `"${key}"`).join(", ")}`;
  const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return `${where}${issue.message}`;
}
