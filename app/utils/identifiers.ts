/**
 * Unique identifiers as the identifier lab (/tests/unique-id) makes them: UUID v4 and v7 (RFC 9562),
 * ULID (github.com/ulid/spec) and nanoid's default form. Randomness and time are passed in, so tests
 * can fix them; the page passes crypto.getRandomValues and Date.now().
 */

export const IDENTIFIER_KINDS = ["uuid-v4", "uuid-v7", "ulid", "nanoid"] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

export const IDENTIFIER_LABELS: Record<IdentifierKind, string> = {
  "uuid-v4": "UUID v4 (random)",
  "uuid-v7": "UUID v7 (time-ordered)",
  ulid: "ULID (time-ordered)",
  nanoid: "nanoid (21 characters)",
};

/** Fills and returns `length` random bytes. */
export type RandomBytes = (length: number) => Uint8Array;

export const cryptoRandomBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

/** The largest millisecond time a UUID v7 or a ULID can hold: 48 bits. */
export const MAX_ID_TIME = 2 ** 48 - 1;
/** At most this many identifiers per press: enough for a fixture, small enough to read. */
export const MAX_IDENTIFIER_COUNT = 100;

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

function uuidText(bytes: Uint8Array): string {
  const text = hex(bytes);
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** Sets the version nibble and the RFC 9562 variant bits (10xx). */
function stamp(bytes: Uint8Array, version: number): Uint8Array {
  bytes[6] = (bytes[6]! & 0x0f) | (version << 4);
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return bytes;
}

function writeTime(bytes: Uint8Array, time: number): void {
  if (!Number.isInteger(time) || time < 0 || time > MAX_ID_TIME) throw new RangeError(`No 48-bit time: ${time}`);
  let rest = time;
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = rest % 256;
    rest = Math.floor(rest / 256);
  }
}

export function uuidV4(random: RandomBytes): string {
  return uuidText(stamp(random(16).slice(), 4));
}

/** 48 bits of Unix milliseconds, then 74 random bits (RFC 9562 §5.7). */
export function uuidV7(time: number, random: RandomBytes): string {
  const bytes = random(16).slice();
  writeTime(bytes, time);
  return uuidText(stamp(bytes, 7));
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** 10 characters of time and 16 of randomness in Crockford's base 32: 26 in all, sortable by time. */
export function ulid(time: number, random: RandomBytes): string {
  const bytes = new Uint8Array(16);
  writeTime(bytes, time);
  bytes.set(random(10).subarray(0, 10), 6);
  // 128 bits as 26 five-bit digits: the first digit holds only the top 3 bits.
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let text = "";
  for (let digit = 0; digit < 26; digit += 1) {
    text = CROCKFORD[Number(value & 31n)]! + text;
    value >>= 5n;
  }
  return text;
}

const NANOID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/** 21 characters of a 64-letter alphabet: each byte's low 6 bits pick one, so no letter is favoured. */
export function nanoid(random: RandomBytes, size = 21): string {
  return Array.from(random(size), (byte) => NANOID_ALPHABET[byte & 63]).join("");
}

export function generateIdentifier(kind: IdentifierKind, time: number, random: RandomBytes): string {
  switch (kind) {
    case "uuid-v4":
      return uuidV4(random);
    case "uuid-v7":
      return uuidV7(time, random);
    case "ulid":
      return ulid(time, random);
    case "nanoid":
      return nanoid(random);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/i;

/** What an identifier says about itself: its kind, and the time a v7 UUID or a ULID carries. */
export type IdentifierReading =
  { kind: "uuid"; version: number; time: number | null } | { kind: "ulid"; time: number } | { kind: "unknown" };

export function readIdentifier(text: string): IdentifierReading {
  const id = text.trim();
  const uuid = UUID.exec(id);
  if (uuid) {
    const version = Number.parseInt(uuid[1]!, 16);
    const time = version === 7 ? Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16) : null;
    return { kind: "uuid", version, time };
  }
  if (ULID.test(id)) {
    let time = 0;
    for (const char of id.slice(0, 10).toUpperCase()) time = time * 32 + CROCKFORD.indexOf(char);
    return { kind: "ulid", time };
  }
  return { kind: "unknown" };
}
