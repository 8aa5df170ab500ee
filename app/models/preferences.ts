import { z } from "zod";
import { colorSchemeModes } from "../utils/color-scheme-mode";

/** What a signed-in user can set on their profile; stored as JSON on the users row. */
export const preferencesSchema = z.object({
  theme: z.enum(colorSchemeModes).default("light"),
  reducedMotion: z.boolean().default(false),
  largerText: z.boolean().default(false),
  // Off: this account's browsers send no analytics, and the server drops any that arrive (docs/analytics.md).
  analytics: z.boolean().default(true),
  // How chapters are read: the whole chapter on one page, or one section at a time.
  readingMode: z.enum(["page", "steps"]).default("page"),
});

export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = preferencesSchema.parse({});

/** Reads the stored JSON; anything unreadable falls back to the defaults rather than failing a page. */
export function parsePreferences(stored: string | null): Preferences {
  if (!stored) return DEFAULT_PREFERENCES;
  try {
    const parsed = preferencesSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
  } catch {
    return DEFAULT_PREFERENCES;
  }
}
