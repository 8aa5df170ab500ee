/** Field lengths of the contact form, shared by its inputs and its server-side checks. */
export const CONTACT_LIMITS = {
  name: 100,
  subject: 150,
  messageMin: 10,
  message: 5000,
} as const;

/** An admin's e-mailed reply from the inbox: a subject line, and a body far longer than any answer needs. */
export const REPLY_LIMITS = {
  subject: 200,
  body: 10_000,
} as const;
