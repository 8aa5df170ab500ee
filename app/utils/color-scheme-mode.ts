/** The colour schemes a reader can choose: kept in their preferences and in the colour-scheme cookie. */
export const colorSchemeModes = ["light", "dark", "system"] as const;
export type ColorSchemeMode = (typeof colorSchemeModes)[number];
