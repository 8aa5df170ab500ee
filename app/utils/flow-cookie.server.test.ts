import { describe, expect, it } from "vitest";
import { flowCookie, readFlowCookie } from "./flow-cookie.server";

const options = { path: "/auth/x", maxAgeSeconds: 600, sameSite: "Lax", secure: true } as const;

describe("flow cookies", () => {
  it("are httpOnly, scoped to their path and cleared by an empty token", () => {
    expect(flowCookie("f", "abc", options)).toBe("f=abc; Path=/auth/x; Max-Age=600; HttpOnly; SameSite=Lax; Secure");
    expect(flowCookie("f", "", { ...options, sameSite: "Strict", secure: false })).toBe(
      "f=; Path=/auth/x; Max-Age=0; HttpOnly; SameSite=Strict",
    );
  });

  it("read only well-formed tokens of the named cookie", () => {
    const request = (cookie: string) => new Request("http://x/", { headers: { Cookie: cookie } });
    expect(readFlowCookie(request("a=1; f=tok_en-9"), "f")).toBe("tok_en-9");
    expect(readFlowCookie(request("f=bad value; f=good"), "f")).toBe("good");
    expect(readFlowCookie(request("ff=x"), "f")).toBeUndefined();
    expect(readFlowCookie(request(`f=${"x".repeat(101)}`), "f")).toBeUndefined();
    expect(readFlowCookie(new Request("http://x/"), "f")).toBeUndefined();
  });
});
