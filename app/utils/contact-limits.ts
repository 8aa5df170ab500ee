/** Field lengths of the contact form, shared by its inputs and its server-side checks. */
export const CONTACT_LIMITS = {
  name: 100,
  subject: 150,
  messageMin: 10,
  message: 5000,
} as const;
