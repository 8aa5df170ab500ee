import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { User } from "../models/user.server";
import { PRIVATE_CACHE_CONTROL, privateCacheMiddleware } from "./private-cache.server";
import { userContext } from "./request-context";

/** The Cache-Control of the answer the middleware passes on, for a request to `path`. */
async function cacheControl(
  path: string,
  { user = null, answer = new Response("ok") } = {} as {
    user?: User | null;
    answer?: Response;
  },
) {
  const context = new RouterContextProvider();
  // The user is known once the inner middleware has run, as loadUserMiddleware sets it.
  const next = () => {
    context.set(userContext, user);
    return Promise.resolve(answer);
  };
  const response = await privateCacheMiddleware(
    { request: new Request(`http://localhost${path}`), context } as never,
    next,
  );
  return (response as Response).headers.get("Cache-Control");
}

describe("privateCacheMiddleware", () => {
  const reader = { id: "u1", email: "ada@example.org", role: "user" } as User;

  it("marks every answer to a signed-in reader private and not to be stored", async () => {
    for (const path of ["/", "/about", "/about.data", "/no/such/page"]) {
      expect(await cacheControl(path, { user: reader }), path).toBe(PRIVATE_CACHE_CONTROL);
    }
  });

  it("marks the private areas and their data requests whoever asks", async () => {
    for (const path of [
      "/profile",
      "/profile.data",
      "/profile/export",
      "/admin/adminUser.data",
      "/chapter",
      "/chapter/x.data",
      "/quiz/x",
      "/practice.data",
    ]) {
      expect(await cacheControl(path), path).toBe(PRIVATE_CACHE_CONTROL);
    }
  });

  it("replaces what a route set, and marks an answer that sets a cookie", async () => {
    const cached = new Response("ok", { headers: { "Cache-Control": "public, max-age=600" } });
    expect(await cacheControl("/profile", { answer: cached })).toBe(PRIVATE_CACHE_CONTROL);
    const login = new Response(null, { status: 302, headers: { "Set-Cookie": "__session=x; Path=/" } });
    expect(await cacheControl("/login", { answer: login })).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("leaves a guest's public pages alone", async () => {
    for (const path of ["/", "/about", "/profiles", "/chapters-of-life", "/tests/ploting.data"]) {
      expect(await cacheControl(path), path).toBeNull();
    }
  });
});
