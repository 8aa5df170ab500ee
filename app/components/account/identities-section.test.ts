import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { LAST_SIGN_IN_METHOD } from "#app/models/sign-in-methods.server";
import type { IdentitiesSectionView } from "#app/auth/linked-identities.server";
import { IdentitiesSection } from "./identities-section";

function render(props: IdentitiesSectionView): string {
  const Stub = createRoutesStub([{ path: "/profile", Component: () => createElement(IdentitiesSection, props) }]);
  return renderToString(createElement(Stub, { initialEntries: ["/profile"] }));
}

const linked = {
  id: "identity-1",
  providerName: "Our school",
  email: "pupil@school.example",
  createdAt: "2026-03-04T10:00:00.000Z",
  lastUsedAt: "2026-05-06T10:00:00.000Z",
};

describe("IdentitiesSection", () => {
  it("lists linked providers with a Remove form each, and Link buttons for the others", () => {
    const html = render({
      identities: [linked],
      linkable: [{ id: "google", name: "Google" }],
      available: true,
      canRemove: true,
      removalNote: null,
      notice: null,
    });
    expect(html).toContain("Our school · pupil@school.example");
    expect(html).toContain("Linked 4 March 2026 · last used 6 May 2026");
    expect(html).toContain('action="/profile/identities" method="post"');
    expect(html).toContain('name="identityId" value="identity-1"');
    expect(html).toContain('aria-label="Remove Our school"');
    expect(html).not.toMatch(/<button[^>]*disabled[^>]*aria-label="Remove Our school"/);
    expect(html).toContain('action="/auth/oidc/google" method="post"');
    expect(html).toContain('name="intent" value="link"');
    expect(html).toContain("Link Google");
    // A link always returns to the profile: its form carries no destination.
    expect(html).not.toContain('name="redirectTo"');
  });

  it("disables Remove and says why when it is the only way to sign in, once", () => {
    const html = render({
      identities: [linked],
      linkable: [],
      available: true,
      canRemove: false,
      removalNote: LAST_SIGN_IN_METHOD,
      notice: null,
    });
    expect(html).toMatch(/<button[^>]*disabled[^>]*aria-label="Remove Our school"/);
    expect(html.split(LAST_SIGN_IN_METHOD)).toHaveLength(2);
    // After a refused removal the notice says it, and the note keeps quiet.
    const refused = render({
      identities: [linked],
      linkable: [],
      available: true,
      canRemove: false,
      removalNote: null,
      notice: { severity: "error", message: LAST_SIGN_IN_METHOD },
    });
    expect(refused.split(LAST_SIGN_IN_METHOD)).toHaveLength(2);
    expect(refused).toMatch(/<button[^>]*disabled[^>]*aria-label="Remove Our school"/);
  });

  it("says providers are switched off, keeps the links listed and offers none to link", () => {
    const html = render({
      identities: [linked],
      linkable: [],
      available: false,
      canRemove: true,
      removalNote: null,
      notice: null,
    });
    expect(html).toContain("Our school · pupil@school.example");
    expect(html).toContain("Signing in with another provider is switched off on this site for now");
    expect(html).not.toContain('action="/auth/oidc/');
  });

  it("shows a notice, and nothing at all without providers", () => {
    const html = render({
      identities: [],
      linkable: [{ id: "google", name: "Google" }],
      available: true,
      canRemove: true,
      removalNote: null,
      notice: { severity: "error", message: "Nope." },
    });
    expect(html).toMatch(/role="alert"[^>]*>.*Nope\./s);
    expect(html).toContain("No provider is linked yet.");
    expect(
      render({ identities: [], linkable: [], available: true, canRemove: true, removalNote: null, notice: null }),
    ).toBe("");
  });
});
