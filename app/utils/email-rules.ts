/** Shared by the forms and the server-side checks (RFC 5321's limit on an address). */
export const EMAIL_MAX_LENGTH = 254;
