import fc from "fast-check";

/**
 * fast-check arbitraries for hostile HTTP requests: form fields named from a
 * route's own words or anything, values of any text (full Unicode, control
 * characters, lone surrogates, up to the body limit), bodies in every encoding
 * and none, Content-Types, cuts, Origins, path segments, queries and headers.
 */
export const URL_ENCODED = "application/x-www-form-urlencoded";
const BOUNDARY = "fuzz-boundary-7MA4YWxkTrZu0gW";

/** A browser's user agent: /api/events drops requests from bots unread. */
export const BROWSER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));

/** Percent-encodes a text as a form or address would carry it (lone surrogates arrive as U+FFFD). */
const percentEncode = (text: string) =>
  encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"));

/** Escapes that decode to nothing valid: broken, overlong, a surrogate, a bare byte, NUL, not hex. */
export const BROKEN_ESCAPES = [
  "%",
  "%E0%A4%A",
  "%C0%AE",
  "%ED%A0%80",
  "%FF",
  "%F8%88%80%80%80",
  "%00",
  "%zz",
  "%u00e9",
  "%%",
];

const controlChar = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** Any text a field may carry; huge ones up to the body limit, rarely. */
export const text = (dictionary: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...dictionary), weight: 6 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 4 },
    {
      arbitrary: fc.string({
        unit: fc.oneof(controlChar, loneSurrogate, fc.constantFrom("a", "é", "😀", "\u202e", "\ufeff", "\u0085")),
        maxLength: 20,
      }),
      weight: 2,
    },
    {
      arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt(), fc.boolean()).map(String),
      weight: 2,
    },
    {
      arbitrary: fc.constantFrom("", " ", "null", "undefined", "[object Object]", "__proto__", "-0", "1e309"),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom("x", "é", "😀", "0", "\u0000", "<a>", "a&b=c"),
          fc.integer({ min: 1_000, max: 1_000_000 }),
        )
        .map(([unit, bytes]) => unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit)))),
      weight: 1,
    },
  );

/** A field name: one the route's module names (an intent, an input), or anything. */
export const fieldName = (dictionary: string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...dictionary), weight: 6 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 12 }), weight: 2 },
    { arbitrary: fc.constantFrom("__proto__", "constructor", "a[b]", "a.b", "", "intent"), weight: 1 },
  );

type Fields = [string, string][];
const fields = (dictionary: string[]): fc.Arbitrary<Fields> =>
  fc.array(fc.tuple(fieldName(dictionary), text(dictionary)), { maxLength: 10 });

export type Body =
  | { kind: "urlencoded"; fields: Fields; broken: string | null }
  | { kind: "multipart"; fields: Fields; filename: string | null }
  | { kind: "json"; value: unknown }
  | { kind: "bytes"; bytes: Uint8Array };

export const bodies = (dictionary: string[]): fc.Arbitrary<Body> =>
  fc.oneof(
    {
      arbitrary: fc.record({
        kind: fc.constant("urlencoded" as const),
        fields: fields(dictionary),
        broken: fc.oneof(
          { arbitrary: fc.constant(null), weight: 5 },
          { arbitrary: fc.constantFrom(...BROKEN_ESCAPES), weight: 1 },
        ),
      }),
      weight: 5,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant("multipart" as const),
        fields: fields(dictionary),
        filename: fc.oneof(
          { arbitrary: fc.constant(null), weight: 3 },
          { arbitrary: fc.string({ unit: "binary", maxLength: 12 }), weight: 1 },
        ),
      }),
      weight: 3,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant("json" as const),
        value: fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc.dictionary(fieldName(dictionary), fc.oneof(text(dictionary), fc.jsonValue({ maxDepth: 2 })), {
            maxKeys: 8,
          }),
        ),
      }),
      weight: 2,
    },
    {
      arbitrary: fc.record({ kind: fc.constant("bytes" as const), bytes: fc.uint8Array({ maxLength: 512 }) }),
      weight: 1,
    },
  );

/** The body's bytes and the Content-Type that fits them. */
export function encode(body: Body): { bytes: Uint8Array; type: string } {
  switch (body.kind) {
    case "urlencoded": {
      const pairs = body.fields.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`);
      if (body.broken) pairs.push(`x=${body.broken}`);
      return { bytes: utf8(pairs.join("&")), type: URL_ENCODED };
    }
    case "multipart": {
      const parts = body.fields.map(([name, value], index) => {
        const file = index === 0 && body.filename !== null ? `; filename="${body.filename}"` : "";
        return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n${value}\r\n`;
      });
      return { bytes: utf8(`${parts.join("")}--${BOUNDARY}--\r\n`), type: `multipart/form-data; boundary=${BOUNDARY}` };
    }
    case "json":
      return { bytes: utf8(JSON.stringify(body.value) ?? "null"), type: "application/json" };
    case "bytes":
      return { bytes: body.bytes, type: "application/octet-stream" };
  }
}

/** Mostly the Content-Type that fits (undefined); sometimes none (null), a wrong or a malformed one. */
export const contentTypes: fc.Arbitrary<string | null | undefined> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      null,
      "text/plain",
      "application/json",
      URL_ENCODED,
      "multipart/form-data",
      'multipart/form-data; boundary="unterminated',
      `multipart/form-data; boundary=${BOUNDARY}; boundary=other`,
      "application/x-www-form-urlencoded; charset=iso-8859-1",
      "APPLICATION/JSON; charset=utf-16",
      "\u00ff/\u00ff",
      "",
    ),
    weight: 2,
  },
);

/** How the body is cut: not at all, a well-formed shorter body, or bytes announced but never sent. */
export const cuts = fc.oneof(
  { arbitrary: fc.constant({ at: null, missingBytes: 0 }), weight: 8 },
  { arbitrary: fc.record({ at: fc.nat(), missingBytes: fc.constant(0) }), weight: 1 },
  { arbitrary: fc.record({ at: fc.constant(null), missingBytes: fc.integer({ min: 1, max: 1_000 }) }), weight: 1 },
);

type OriginKind = "right" | "none" | "other";
/** The Origin a form post carries; anything but the server's own (or none) must be a 403. */
export const origins = fc.oneof(
  { arbitrary: fc.constant({ kind: "right" as OriginKind, value: null as string | null }), weight: 8 },
  { arbitrary: fc.constant({ kind: "none" as OriginKind, value: null }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("other" as OriginKind),
      value: fc.constantFrom("null", "http://evil.example", "%zz", "http://127.0.0.1:1", "\u00ff", "http://[::1"),
    }),
    weight: 1,
  },
);

/** A path segment in place of a parameter: the plausible one, or anything. */
export const segments = (plausible: string) =>
  fc.oneof(
    { arbitrary: fc.constant(plausible), weight: 6 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 30 }).map(percentEncode), weight: 2 },
    { arbitrary: fc.constantFrom(...BROKEN_ESCAPES, "..", "%2e%2e", "%2F", ";a=b", "\u00e9", "~"), weight: 2 },
    { arbitrary: fc.integer({ min: 100, max: 9_000 }).map((length) => "a".repeat(length)), weight: 1 },
  );

/** A query string: fields by the route's names, broken escapes, repeated keys, or nothing. */
export const queries = (dictionary: string[]) =>
  fc.oneof(
    { arbitrary: fc.constant(""), weight: 3 },
    {
      arbitrary: fc
        .array(
          // Mostly decodable, so that most cases reach the loaders rather than the malformed-address 400.
          fc.oneof(
            {
              arbitrary: fc
                .tuple(fieldName(dictionary), text(dictionary))
                .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value.slice(0, 2_000))}`),
              weight: 12,
            },
            { arbitrary: fc.constantFrom(...BROKEN_ESCAPES).map((escape) => `q=${escape}`), weight: 1 },
            { arbitrary: fc.constantFrom("a", "=", "&", "==", "%3D%26"), weight: 2 },
          ),
          { minLength: 1, maxLength: 8 },
        )
        .map((pairs) => `?${pairs.join("&")}`),
      weight: 6,
    },
  );

/**
 * Headers a browser would never send, or would send otherwise. Printable mostly: Node's parser itself
 * refuses control characters in a header (400), before the app sees them.
 */
export const headerSets = fc.record(
  {
    Cookie: fc.oneof(
      fc.constant(null),
      fc.constantFrom("__session=%E0%A4%A", '__session="open', "=;;=; ;", "__session=a; __session=b", "theme=%"),
      fc.integer({ min: 1_000, max: 20_000 }).map((length) => `__session=${"x".repeat(length)}`),
      fc
        .array(fc.tuple(fc.stringMatching(/^[\w-]{1,12}$/), fc.string({ unit: "grapheme-ascii", maxLength: 40 })), {
          maxLength: 40,
        })
        .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join("; ")),
    ),
    "Accept-Language": fc.oneof(
      fc.constantFrom(
        "%%%;q=2",
        "*;q=abc",
        "en-GB;q=0.5,;q=,fr",
        "x".repeat(5_000),
        "\u00ff\u00fe",
        "zh-Hant-TW-x-1",
        "en\u0001",
      ),
      fc.string({ unit: "grapheme-ascii", maxLength: 60 }),
    ),
    Accept: fc.constantFrom("\u00ff/\u00ff", "text/x-dvi; q=abc, */*;q=-1", "application/json", "text/html", ""),
    "Accept-Encoding": fc.constantFrom("gzip;q=x, br;q=", "identity;q=0", "*", "zstd, br, gzip"),
    "User-Agent": fc.oneof(fc.constant(BROWSER_AGENT), fc.string({ unit: "grapheme-ascii", maxLength: 80 })),
    "If-None-Match": fc.constantFrom('"', "*", 'W/"x"'),
    Range: fc.constantFrom("bytes=9-1,-", "bytes=0-0", "lines=1"),
  },
  { requiredKeys: [] },
);
