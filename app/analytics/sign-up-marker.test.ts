import { describe, expect, it } from "vitest";
import { SIGN_UP_METHODS } from "./events";
import { signUpMethodOf, withSignUpMarker } from "./sign-up-marker";

describe("the sign-up marker", () => {
  it.each(SIGN_UP_METHODS)("marks a redirect for %s and reads it back", (method) => {
    const marked = withSignUpMarker("/chapter/primes?tab=quiz", method);
    expect(marked).toBe(`/chapter/primes?tab=quiz#signed-up=${method}`);
    expect(signUpMethodOf(new URL(marked, "https://numberlab.test").hash)).toBe(method);
  });

  it("leaves a path with a fragment of its own alone", () => {
    expect(withSignUpMarker("/chapter/primes#section-2", "oidc")).toBe("/chapter/primes#section-2");
  });

  it("reads nothing from other fragments", () => {
    expect(signUpMethodOf("")).toBeNull();
    expect(signUpMethodOf("#section-2")).toBeNull();
    expect(signUpMethodOf("#signed-up=carrier-pigeon")).toBeNull();
  });
});
