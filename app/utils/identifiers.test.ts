import { describe, expect, it } from "vitest";
import {
  generateIdentifier,
  IDENTIFIER_KINDS,
  MAX_ID_TIME,
  nanoid,
  readIdentifier,
  ulid,
  uuidV4,
  uuidV7,
  type RandomBytes,
} from "./identifiers";

const bytesOf = (hexText: string) => Uint8Array.from(hexText.match(/../g)!, (pair) => Number.parseInt(pair, 16));
/** Randomness that hands out `bytes` (repeated as needed). */
const fixed =
  (bytes: Uint8Array): RandomBytes =>
  (length) =>
    Uint8Array.from({ length }, (_, index) => bytes[index % bytes.length]!);

describe("identifiers", () => {
  it("writes RFC 9562's own examples of UUID v4 and v7 from their bytes, and reads the v7 time back", () => {
    // RFC 9562, appendix A.3 (v4) and A.6 (v7: 2022-02-22 14:22:22 at UTC−5).
    expect(uuidV4(fixed(bytesOf("919108f752d143209bacf847db4148a8")))).toBe("919108f7-52d1-4320-9bac-f847db4148a8");
    const v7 = uuidV7(0x017f22e279b0, fixed(bytesOf("0000000000000cc398c4dc0c0c07398f")));
    expect(v7).toBe("017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
    expect(readIdentifier("017F22E2-79B0-7CC3-98C4-DC0C0C07398F")).toEqual({
      kind: "uuid",
      version: 7,
      time: Date.parse("2022-02-22T19:22:22.000Z"),
    });
    expect(readIdentifier("919108f7-52d1-4320-9bac-f847db4148a8")).toEqual({ kind: "uuid", version: 4, time: null });
  });

  it("always sets the version and variant bits, whatever the random bytes", () => {
    for (const byte of [0x00, 0xff, 0x5a]) {
      const random = fixed(Uint8Array.of(byte));
      expect(uuidV4(random)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(uuidV7(Date.now(), random)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
  });

  it("spells a ULID as the 128-bit number in Crockford's base 32, and reads its time back", () => {
    const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    // The oracle: BigInt's own base-32 digits, mapped letter for letter onto Crockford's alphabet.
    const expected = (time: number, random: Uint8Array) => {
      let value = BigInt(time);
      for (const byte of random) value = (value << 8n) | BigInt(byte);
      return [...value.toString(32).padStart(26, "0")].map((digit) => crockford[Number.parseInt(digit, 32)]).join("");
    };
    expect(ulid(0, fixed(Uint8Array.of(0)))).toBe("0".repeat(26));
    expect(ulid(MAX_ID_TIME, fixed(Uint8Array.of(0xff)))).toBe(`7${"Z".repeat(25)}`);
    for (const [time, random] of [
      [1_469_918_176_385, bytesOf("0123456789abcdef0123")],
      [Date.parse("2026-11-27T12:00:00Z"), bytesOf("fedcba98765432100fff")],
      [1, bytesOf("80000000000000000001")],
    ] as const) {
      const id = ulid(time, fixed(random));
      expect(id).toBe(expected(time, random));
      expect(readIdentifier(id)).toEqual({ kind: "ulid", time });
      expect(readIdentifier(id.toLowerCase())).toEqual({ kind: "ulid", time });
    }
    expect(() => ulid(MAX_ID_TIME + 1, fixed(Uint8Array.of(0)))).toThrow(RangeError);
    expect(() => uuidV7(-1, fixed(Uint8Array.of(0)))).toThrow(RangeError);
  });

  it("sorts time-ordered identifiers by their time", () => {
    const random = fixed(bytesOf("9f3c11a0b2"));
    const times = [5, 1_000, 1_700_000_000_000, 1_700_000_000_001, MAX_ID_TIME];
    for (const kind of ["uuid-v7", "ulid"] as const) {
      const ids = times.map((time) => generateIdentifier(kind, time, random));
      expect([...ids].sort(), kind).toEqual(ids);
    }
  });

  it("draws nanoid's 64 letters evenly from the bytes", () => {
    const everyByte = Uint8Array.from({ length: 256 }, (_, index) => index);
    const text = nanoid(fixed(everyByte), 256);
    const counts = new Map<string, number>();
    for (const letter of text) counts.set(letter, (counts.get(letter) ?? 0) + 1);
    expect(counts.size).toBe(64);
    expect(new Set(counts.values())).toEqual(new Set([4]));
    expect(nanoid(fixed(everyByte))).toMatch(/^[A-Za-z0-9_-]{21}$/);
  });

  it("knows nothing of other text, and every kind generates", () => {
    for (const text of ["", "hello", "017F22E2-79B0-7CC3-C8C4-DC0C0C07398F", `8${"0".repeat(25)}`, "0".repeat(25)]) {
      expect(readIdentifier(text), text).toEqual({ kind: "unknown" });
    }
    for (const kind of IDENTIFIER_KINDS) {
      expect(generateIdentifier(kind, Date.now(), (length) => crypto.getRandomValues(new Uint8Array(length)))).toEqual(
        expect.any(String),
      );
    }
  });
});
