import { describe, expect, it } from "vitest";
import { flowCookie, readFlowCookie } from "./flow-cookie.server";

const options = { path: "/auth/x", maxAgeSeconds: 600, sameSite: "Lax", secure: true } as const;

describe("flow cookies", () => {
  it("are httpOnly, scoped to their path and cleared by an empty token", () => {
    expect(flowCookie("f", "abc", options)).toBe(
      "__Secure-f=abc; Path=/auth/x; Max-Age=600; HttpOnly; SameSite=Lax; Secure",
    );
    expect(flowCookie("f", "", { ...options, sameSite: "Strict", secure: false })).toBe(
      "f=; Path=/auth/x; Max-Age=0; HttpOnly; SameSite=Strict",
    );
  });

  it("read only well-formed tokens of the named cookie", () => {
    const request = (cookie: string) => new Request("http://x/", { headers: { Cookie: cookie } });
    const plain = { secure: false };
    expect(readFlowCookie(request("a=1; f=tok_en-9"), "f", plain)).toBe("tok_en-9");
    expect(readFlowCookie(request("f=bad value; f=good"), "f", plain)).toBe("good");
    expect(readFlowCookie(request("ff=x"), "f", plain)).toBeUndefined();
    expect(readFlowCookie(request(`f=${"x".repeat(101)}`), "f", plain)).toBeUndefined();
    expect(readFlowCookie(new Request("http://x/"), "f", plain)).toBeUndefined();
  });

  it("over HTTPS read only the __Secure- cookie, which a plain-HTTP page cannot set", () => {
    const request = new Request("https://x/", { headers: { Cookie: "f=planted; __Secure-f=real" } });
    expect(readFlowCookie(request, "f", { secure: true })).toBe("real");
    expect(readFlowCookie(new Request("https://x/", { headers: { Cookie: "f=planted" } }), "f", { secure: true })).toBe(
      undefined,
    );
  });
});
