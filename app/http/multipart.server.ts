/**
 * A multipart/form-data body (RFC 7578) as form entries, in one pass over the
 * bytes. Our own rather than the fetch API's, whose header parsing slows down
 * sharply on a body of many header lines: here a part's headers are bounded.
 */

/** What a browser sends is two header lines of well under a kilobyte. */
export const MAX_PART_HEADER_BYTES = 8 * 1024;
export const MAX_PART_HEADER_LINES = 8;

/** A body that does not follow the multipart format; the message says where. */
export class MalformedMultipartError extends Error {}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

export function parseMultipart(body: Buffer, boundary: string): [string, FormDataEntryValue][] {
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  // Anything before the first delimiter is a preamble, to be ignored.
  let at = body.indexOf(delimiter);
  if (at === -1 || (at > 0 && !body.subarray(at - CRLF.length, at).equals(CRLF))) {
    throw new MalformedMultipartError("it does not start with its boundary");
  }
  at += delimiter.length;
  const entries: [string, FormDataEntryValue][] = [];
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  for (;;) {
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return entries; // "--": the closing delimiter.
    while (body[at] === 0x20 || body[at] === 0x09) at += 1;
    if (body.indexOf(CRLF, at) !== at) throw new MalformedMultipartError("a boundary line has extra text");
    at += CRLF.length;

    const headerEnd = body.subarray(at, at + MAX_PART_HEADER_BYTES + HEADER_END.length).indexOf(HEADER_END);
    if (headerEnd === -1) throw new MalformedMultipartError("a part's headers are missing or too long");
    const headerLines = body.toString("latin1", at, at + headerEnd).split("\r\n");
    if (headerLines.length > MAX_PART_HEADER_LINES) throw new MalformedMultipartError("a part has too many headers");
    const contentStart = at + headerEnd + HEADER_END.length;
    const contentEnd = body.indexOf(nextDelimiter, contentStart);
    if (contentEnd === -1) throw new MalformedMultipartError("it is not closed by its boundary");

    const headers = readHeaders(headerLines);
    const disposition = readDisposition(headers.get("content-disposition"));
    // Names and file names arrive as UTF-8 bytes, which latin1 kept one to one.
    const name = decodeText(utf8, Buffer.from(disposition.name, "latin1"));
    const content = body.subarray(contentStart, contentEnd);
    if (disposition.filename === undefined) {
      entries.push([name, decodeText(utf8, content)]);
    } else {
      const filename = decodeText(utf8, Buffer.from(disposition.filename, "latin1"));
      const type = headers.get("content-type") ?? "application/octet-stream";
      entries.push([name, new File([new Uint8Array(content)], filename, { type })]);
    }
    at = contentEnd + nextDelimiter.length;
  }
}

function readHeaders(lines: string[]): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) throw new MalformedMultipartError("a part has a header line without a name");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** `form-data; name="field"; filename="a.txt"`, with quoted or plain parameter values. */
function readDisposition(value: string | undefined): { name: string; filename?: string } {
  if (value === undefined || !/^form-data\s*(;|$)/i.test(value)) {
    throw new MalformedMultipartError("a part is not a form-data part");
  }
  const parameters = new Map<string, string>();
  for (const match of value.matchAll(/;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;]*))/g)) {
    parameters.set(match[1]!.toLowerCase(), match[2]?.replace(/\\(.)/g, "$1") ?? match[3]!);
  }
  const name = parameters.get("name");
  if (name === undefined) throw new MalformedMultipartError("a part has no name");
  return { name, filename: parameters.get("filename") };
}

function decodeText(decoder: TextDecoder, bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new MalformedMultipartError("a part is not valid UTF-8");
  }
}
