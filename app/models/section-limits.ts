/** How long a section's Markdown and its title may be: checked by the models, shown by the editors. */
export const SECTION_BODY_MAX = 200_000;
export const SECTION_TITLE_MAX = 200;
