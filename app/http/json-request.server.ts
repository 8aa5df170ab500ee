import type { z } from "zod";

/** A JSON answer `{ error }` with the words to show the user. */
export function jsonError(message: string, status: number, headers?: HeadersInit): Response {
  const init = new Headers(headers);
  init.set("Cache-Control", "no-store");
  return Response.json({ error: message }, { status, headers: init });
}

/**
 * The request's JSON body checked against `schema`, or the 4xx answer to send
 * instead: a body that is not JSON, or not the expected shape, is the
 * client's mistake and never an exception.
 */
export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<{ data: z.output<Schema> } | { invalid: Response }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return { invalid: jsonError("Send the request as JSON (Content-Type: application/json).", 415) };
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return { invalid: jsonError("The request body is not valid JSON.", 400) };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    return { invalid: jsonError(parsed.error.issues[0]?.message ?? "The request is not valid.", 400) };
  }
  return { data: parsed.data };
}

/** Resource routes that only take POSTs answer other methods with 405 rather than an error page. */
export function postOnly(): Response {
  return new Response("Use POST.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain" } });
}
