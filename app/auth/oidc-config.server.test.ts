import { describe, expect, it, vi } from "vitest";
import { findOidcProvider, oidcFormActionOrigins, readOidcProviders } from "./oidc-config.server";

function problem(source: Record<string, string>): string {
  try {
    readOidcProviders(source);
    return "";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe("readOidcProviders", () => {
  it("is empty when no provider is listed", () => {
    expect(readOidcProviders({})).toEqual([]);
    expect(readOidcProviders({ OIDC_PROVIDERS: " " })).toEqual([]);
  });

  it("reads each listed provider, with a default display name", () => {
    expect(
      readOidcProviders({
        OIDC_PROVIDERS: "Google, my-idp",
        OIDC_GOOGLE_ISSUER: "https://accounts.google.com",
        OIDC_GOOGLE_CLIENT_ID: "id-1",
        OIDC_GOOGLE_CLIENT_SECRET: "secret-1",
        OIDC_MY_IDP_ISSUER: "http://127.0.0.1:4000",
        OIDC_MY_IDP_CLIENT_ID: "id-2",
        OIDC_MY_IDP_CLIENT_SECRET: "secret-2",
        OIDC_MY_IDP_NAME: "Our school",
      }),
    ).toEqual([
      {
        id: "google",
        name: "Google",
        issuer: "https://accounts.google.com",
        clientId: "id-1",
        clientSecret: "secret-1",
      },
      { id: "my-idp", name: "Our school", issuer: "http://127.0.0.1:4000", clientId: "id-2", clientSecret: "secret-2" },
    ]);
  });

  it("names every missing or invalid setting", () => {
    const message = problem({ OIDC_PROVIDERS: "google,9bad,google", OIDC_GOOGLE_ISSUER: "not a url" });
    expect(message).toContain("OIDC_GOOGLE_ISSUER: must be the provider's issuer URL");
    expect(message).toContain("OIDC_GOOGLE_CLIENT_ID: is required");
    expect(message).toContain("OIDC_GOOGLE_CLIENT_SECRET: is required");
    expect(message).toContain('"9bad" is not a valid id');
    expect(message).toContain('"google" is listed twice');
  });

  it("gives the providers' origins for the form-action policy, none for invalid settings", () => {
    const settings = {
      OIDC_PROVIDERS: "a,b",
      OIDC_A_ISSUER: "https://login.example.com/tenant/v2.0",
      OIDC_A_CLIENT_ID: "x",
      OIDC_A_CLIENT_SECRET: "y",
      OIDC_B_ISSUER: "https://login.example.com/other",
      OIDC_B_CLIENT_ID: "x",
      OIDC_B_CLIENT_SECRET: "y",
    };
    expect(oidcFormActionOrigins(settings)).toEqual(["https://login.example.com"]);
    expect(oidcFormActionOrigins({ OIDC_PROVIDERS: "a" })).toEqual([]);
  });
});

describe("findOidcProvider", () => {
  it("finds a configured provider by its id, and nothing else", () => {
    // Read once, at the first look-up in this file.
    vi.stubEnv("OIDC_PROVIDERS", "google,school");
    vi.stubEnv("OIDC_GOOGLE_ISSUER", "https://accounts.google.com");
    vi.stubEnv("OIDC_GOOGLE_CLIENT_ID", "id");
    vi.stubEnv("OIDC_GOOGLE_CLIENT_SECRET", "secret");
    vi.stubEnv("OIDC_SCHOOL_ISSUER", "https://id.school.example");
    vi.stubEnv("OIDC_SCHOOL_CLIENT_ID", "id");
    vi.stubEnv("OIDC_SCHOOL_CLIENT_SECRET", "secret");
    vi.stubEnv("OIDC_SCHOOL_NAME", "Our school");
    try {
      expect(findOidcProvider("school")).toMatchObject({ id: "school", name: "Our school" });
      expect(findOidcProvider("google")?.issuer).toBe("https://accounts.google.com");
      for (const id of ["nowhere", "School", "", "__proto__"]) expect(findOidcProvider(id), id).toBeUndefined();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
