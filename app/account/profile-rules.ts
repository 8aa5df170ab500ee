/** Shared by the profile form and the server-side check. */
export const DISPLAY_NAME_MAX_LENGTH = 60;
