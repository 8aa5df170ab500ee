import { data } from "react-router";
import { formValues } from "./form.server";
import { MalformedMultipartError, parseMultipart } from "./multipart.server";

/**
 * The most fields (or multipart parts) a form may send. The largest form in
 * the app, the question editor, sends about 40; the cap is counted before
 * anything is parsed, as body parsers count their parameter limit, so no body
 * under the 1 MiB limit can keep the server busy.
 */
export const MAX_FORM_FIELDS = 1_000;

const URL_ENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";
const AMPERSAND = 0x26;

/**
 * The one way an action reads its form: the body as a plain object for zod
 * (see formValues), or a thrown 4xx Response that the error page shows. A body
 * of the wrong type is 415, too many fields 413, and a body that cannot be
 * decoded 400. `allowEmpty` accepts a bare POST without a body as an empty form.
 */
export async function readForm(
  request: Request,
  { allowEmpty = false }: { allowEmpty?: boolean } = {},
): Promise<Record<string, unknown>> {
  const contentType = request.headers.get("Content-Type");
  const mediaType = contentType?.split(";", 1)[0]!.trim().toLowerCase();
  if (mediaType !== URL_ENCODED && mediaType !== MULTIPART) {
    if (contentType === null && allowEmpty && (await request.arrayBuffer()).byteLength === 0) {
      return formValues([]);
    }
    throw refuse(415, unsupportedTypeMessage(contentType));
  }
  const body = Buffer.from(await request.arrayBuffer());
  return mediaType === URL_ENCODED ? readUrlEncoded(body) : readMultipart(body, contentType!);
}

function readUrlEncoded(body: Buffer): Record<string, unknown> {
  checkFieldCount(body.length === 0 ? 0 : countOccurrences(body, AMPERSAND) + 1);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    throw refuse(400, "This form could not be read: its body is not valid UTF-8.");
  }
  const entries: [string, string][] = [];
  for (const piece of text.split("&")) {
    // Empty pieces ("a=1&&b=2") are skipped, as the URL standard's parser does.
    if (piece === "") continue;
    const equals = piece.indexOf("=");
    const name = equals === -1 ? piece : piece.slice(0, equals);
    const value = equals === -1 ? "" : piece.slice(equals + 1);
    entries.push([decodeFormComponent(name), decodeFormComponent(value)]);
  }
  return checkedText(formValues(entries));
}

function readMultipart(body: Buffer, contentType: string): Record<string, unknown> {
  const boundary = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType)?.slice(1).find(Boolean);
  if (!boundary) throw refuse(400, "This form could not be read: its multipart Content-Type names no boundary.");
  // Every part starts with a delimiter and the last is closed by one more.
  checkFieldCount(Math.max(0, countOccurrences(body, `--${boundary}`) - 1));
  try {
    return checkedText(formValues(parseMultipart(body, boundary)));
  } catch (error) {
    if (error instanceof MalformedMultipartError) {
      throw refuse(400, `This form could not be read: its multipart body is malformed (${error.message}).`);
    }
    throw error;
  }
}

function checkFieldCount(fields: number) {
  if (fields > MAX_FORM_FIELDS) {
    throw refuse(
      413,
      `This form sent ${fields.toLocaleString("en-GB")} fields; at most ${MAX_FORM_FIELDS.toLocaleString("en-GB")} are accepted.`,
    );
  }
}

/** `+` is a space in form encoding; a broken %-escape or invalid UTF-8 behind one is the client's mistake. */
function decodeFormComponent(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    throw refuse(400, "This form could not be read: it contains a broken %-escape.");
  }
}

/** No text field takes a NUL character, and PostgreSQL refuses to store one. */
function checkedText(values: Record<string, unknown>): Record<string, unknown> {
  for (const [name, value] of Object.entries(values)) {
    const texts = Array.isArray(value) ? value : [value];
    if (name.includes("\0") || texts.some((text) => typeof text === "string" && text.includes("\0"))) {
      throw refuse(400, "This form could not be read: it contains a NUL character.");
    }
  }
  return values;
}

function countOccurrences(body: Buffer, needle: number | string): number {
  const step = typeof needle === "number" ? 1 : Buffer.byteLength(needle);
  let count = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + step)) count += 1;
  return count;
}

function unsupportedTypeMessage(contentType: string | null): string {
  const accepted = `${URL_ENCODED} or ${MULTIPART}, as a browser does`;
  if (contentType === null || contentType.trim() === "") {
    return `This form was sent without a Content-Type; send it as ${accepted}.`;
  }
  const shown = contentType.length > 80 ? `${contentType.slice(0, 80)}…` : contentType;
  return `This form was sent as ${shown}; send it as ${accepted}.`;
}

function refuse(status: number, message: string) {
  return data({ message }, { status });
}
