/** Shared by the passkey forms and the server-side checks. */
export const PASSKEY_NAME_MAX_LENGTH = 60;
