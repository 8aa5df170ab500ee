import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { User } from "../models/user.server";
import { malformedUrlContext, malformedUrlProblem, refuseMalformedUrlMiddleware } from "./malformed-url.server";
import { userContext } from "./request-context";

describe("malformedUrlProblem", () => {
  it("finds %-escapes that do not decode to UTF-8 in the path", () => {
    for (const path of ["/chapter/%E0%A4%A", "/%", "/a/%ZZ", "/%C0%AE", "/%FF", "/%ED%A0%80", "/%u0041"]) {
      expect(malformedUrlProblem(path, ""), path).toBe("contains a broken %-escape");
    }
  });

  it("finds a NUL character in the path or the query", () => {
    for (const [path, search] of [
      ["/chapter/%00", ""],
      ["/a%00b", "?q=1"],
      ["/about", "?q=%00"],
      ["/about", "?%00=1"],
    ]) {
      expect(malformedUrlProblem(path!, search!), path! + search!).toBe("contains a NUL character");
    }
  });

  it("accepts what a browser sends, and a query it cannot decode (read leniently, as forms are)", () => {
    for (const path of ["/", "/caf%C3%A9", "/%F0%9F%98%80", "/a%2Fb", "/a%25b"]) {
      expect(malformedUrlProblem(path, ""), path).toBeNull();
    }
    for (const search of ["?x=%", "?x=%E0%A4%A", "?%FF=%FE"]) {
      expect(malformedUrlProblem("/about", search), search).toBeNull();
    }
  });
});

describe("refuseMalformedUrlMiddleware", () => {
  function run(url: string, { original = null, user = null }: { original?: string | null; user?: User | null } = {}) {
    const context = new RouterContextProvider();
    context.set(malformedUrlContext, original);
    context.set(userContext, user);
    try {
      void refuseMalformedUrlMiddleware({ request: new Request(url), context } as never, () =>
        Promise.resolve(new Response()),
      );
      return null;
    } catch (thrown) {
      return thrown as { init: { status: number }; data: { message: string; headerUser: unknown } };
    }
  }

  it("lets a good address through", () => {
    expect(run("http://localhost/chapter/periods-and-primes?x=1")).toBeNull();
  });

  it("answers 400 naming the address as it was sent, before the server escaped it", () => {
    const refused = run("http://localhost/chapter/%25E0%25A4%25A", { original: "/chapter/%E0%A4%A" });
    expect(refused).toMatchObject({
      init: { status: 400 },
      data: { message: "This address is not valid: /chapter/%E0%A4%A contains a broken %-escape.", headerUser: null },
    });
  });

  it("shows a data request's address as the page's", () => {
    const cases = [
      ["http://localhost/chapter/%25E0.data", "/chapter/%E0.data", "/chapter/%E0"],
      ["http://localhost/a%25.data?x=1", "/a%.data?x=1", "/a%?x=1"],
    ];
    for (const [url, original, shown] of cases) {
      expect(run(url!, { original })?.data.message, original).toBe(
        `This address is not valid: ${shown} contains a broken %-escape.`,
      );
    }
  });

  it("checks the request's own address where no server escaped it, and keeps the header's user", () => {
    const user = { email: "ada@example.org", role: "user" } as User;
    const refused = run("http://localhost/chapter/%E0%A4%A", { user });
    expect(refused?.data.headerUser).toEqual({ email: "ada@example.org", role: "user" });
    expect(run("http://localhost/a%00b")?.data.message).toBe(
      "This address is not valid: /a%00b contains a NUL character.",
    );
  });

  it("shortens a long address in the message", () => {
    const message = run(`http://localhost/%/${"a".repeat(5_000)}`)!.data.message;
    expect(message.length).toBeLessThan(200);
    expect(message).toContain("…");
  });
});
