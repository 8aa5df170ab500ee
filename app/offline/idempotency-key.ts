/**
 * The form field that carries a queued submission's idempotency key (a UUID the device chose when it
 * queued the submission). The server applies a submission with a given key at most once and answers
 * every repeat as it answered the first (docs/offline.md).
 */
export const IDEMPOTENCY_KEY_FIELD = "idempotencyKey";
