import { RouterContextProvider } from "react-router";
import { serverInfoContext } from "#app/http/request-context";

/** What a route action answered, whichever way it answered (a Response, data() or a plain object). */
export interface ActionResult {
  status: number;
  headers: Headers;
  data: unknown;
}

export async function actionResult(answer: unknown): Promise<ActionResult> {
  if (answer instanceof Response) {
    const text = await answer.text();
    return { status: answer.status, headers: answer.headers, data: text };
  }
  if (answer !== null && typeof answer === "object" && "type" in answer && answer.type === "DataWithResponseInit") {
    const { data, init } = answer as unknown as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
  }
  return { status: 200, headers: new Headers(), data: answer };
}

/** The router context the Express layer gives a request from `clientIp`. */
export function requestContext(clientIp: string, { isSecure = false } = {}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(serverInfoContext, { cspNonce: "", build: { id: "test", timestamp: "" }, isSecure, clientIp });
  return context;
}

/** A form POST as a browser sends it. */
export function formPost(url: string, form: Record<string, string>, cookie?: string): Request {
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(form),
  });
}

/** The Cookie header a browser would send back after these responses' Set-Cookie headers. */
export function cookieJar(...answers: ActionResult[]): string {
  const cookies = new Map<string, string>();
  for (const answer of answers) {
    for (const header of answer.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const separator = pair!.indexOf("=");
      const name = pair!.slice(0, separator);
      const value = pair!.slice(separator + 1);
      if (value === "" || /max-age=0/i.test(header)) cookies.delete(name);
      else cookies.set(name, value);
    }
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}
