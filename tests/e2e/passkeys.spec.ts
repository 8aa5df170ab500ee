import { expect, test, type CDPSession, type Page } from "@playwright/test";
import { setDisabled } from "#app/models/user.server";
import { uniqueClientIp } from "./accounts";
import { asNewClient, logIn, logOut, watchConsole } from "./helpers";
import { firstLink, waitForMail } from "./mail-sink";
import { createTestAccount, withServerDatabase } from "./test-accounts";

/**
 * Passkeys in Chromium against Chrome's virtual authenticator (the DevTools
 * Protocol's WebAuthn domain): a platform authenticator that holds
 * discoverable credentials and verifies its user. The pages are opened at the
 * server's public origin, http://localhost (WebAuthn refuses IP addresses as
 * relying party ids), as every journey is.
 */

const LAST_SIGN_IN_METHOD =
  "This is your only way to sign in, so it cannot be removed. Add a password, a passkey or another provider first.";

interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  credentials(): Promise<{ credentialId: string; isResidentCredential: boolean; signCount: number }[]>;
}

async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

/** A fresh account with a password, like one made through sign-up. */
function newAccount(label: string): Promise<{ id: string; email: string }> {
  return createTestAccount(`passkey-${label}`);
}

async function logInWithPassword(page: Page, email: string): Promise<void> {
  await logIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);
}

/** Adds a passkey from the profile, the way a person does. */
async function addPasskey(page: Page, name: string): Promise<void> {
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your profile");
  await page.getByLabel("Passkey name (optional)").fill(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status")).toContainText(`Passkey added: ${name}`);
  await expect(passkeyList(page).getByText(name, { exact: true })).toBeVisible();
}

function passkeyList(page: Page) {
  return page.getByRole("list", { name: "Your passkeys" });
}

async function signInMessage(page: Page) {
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  return page.getByRole("alert");
}

test.describe("passkeys", () => {
  test("a learner adds a passkey, logs out, and signs in with it on /login", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const authenticator = await addVirtualAuthenticator(page);
    const account = await newAccount("login");
    await logInWithPassword(page, account.email);
    await addPasskey(page, "Test laptop");
    await expect(passkeyList(page)).toContainText("not used yet");
    const [credential] = await authenticator.credentials();
    expect(credential?.isResidentCredential).toBe(true);
    // The same device again: the browser refuses, as the account's passkeys are excluded.
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "This device already holds a passkey for your account. Use it to sign in, or add a passkey on another device.",
    );
    expect(await authenticator.credentials()).toHaveLength(1);

    await logOut(page);
    await page.goto("/login?redirectTo=%2Fchapter%2Ffundamentals-of-algebra%3Fstep%3D2");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/chapter\/fundamentals-of-algebra\?step=2$/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();

    await page.goto("/profile");
    await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();
    await expect(passkeyList(page)).toContainText("last used");
    expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(0);
    checkConsole();
  });

  test("/tests/newlogin signs in with a passkey and lands on redirectTo", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    await addVirtualAuthenticator(page);
    const account = await newAccount("newlogin");
    await logInWithPassword(page, account.email);
    await addPasskey(page, "Phone");
    await logOut(page);

    await page.goto("/tests/newlogin?redirectTo=%2Fabout");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to Numberlab");
    await expect(page.getByRole("heading", { name: "With a passkey" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "With a link by e-mail" })).toBeVisible();
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();

    // A signed-in visitor is told who they are instead.
    await page.goto("/tests/newlogin");
    await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to your profile" })).toBeVisible();
    checkConsole();
  });

  test("closing the prompt or failing verification shows a message and signs no one in", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const authenticator = await addVirtualAuthenticator(page);
    const account = await newAccount("cancel");
    await logInWithPassword(page, account.email);
    const setUserVerified = (isUserVerified: boolean) =>
      authenticator.cdp.send("WebAuthn.setUserVerified", {
        authenticatorId: authenticator.authenticatorId,
        isUserVerified,
      });
    await setUserVerified(false);
    await page.goto("/profile");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "No passkey was added: the prompt was closed or timed out. Try again when you are ready.",
    );
    await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
    await setUserVerified(true);
    await addPasskey(page, "Laptop");
    await logOut(page);

    await setUserVerified(false);
    await page.goto("/login");
    await expect(await signInMessage(page)).toHaveText(
      "No passkey was used: the prompt was closed or timed out, or this device has no passkey for Numberlab. Try again, or sign in another way.",
    );
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeEnabled();

    // On a device that holds no passkey for the site, there is nothing to offer.
    await authenticator.cdp.send("WebAuthn.removeVirtualAuthenticator", {
      authenticatorId: authenticator.authenticatorId,
    });
    await addVirtualAuthenticator(page);
    await page.goto("/tests/newlogin");
    await expect(await signInMessage(page)).toContainText("No passkey was used");
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
    checkConsole();
  });

  test("a passkey removed from the account is refused", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [401] });
    await asNewClient(page);
    const authenticator = await addVirtualAuthenticator(page);
    const account = await newAccount("removed");
    await logInWithPassword(page, account.email);
    await addPasskey(page, "Old key");
    await passkeyList(page).getByRole("button", { name: "Remove passkey Old key" }).click();
    await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
    // The authenticator still holds it.
    expect(await authenticator.credentials()).toHaveLength(1);
    await logOut(page);

    await page.goto("/login");
    await expect(await signInMessage(page)).toHaveText(
      "This passkey is not registered with Numberlab, or it was removed from its account. Sign in another way, or choose a different passkey.",
    );
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
    checkConsole();
  });

  test("a disabled account cannot sign in with its passkey", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [403] });
    await asNewClient(page);
    await addVirtualAuthenticator(page);
    const account = await newAccount("disabled");
    await logInWithPassword(page, account.email);
    await addPasskey(page, "Laptop");
    await logOut(page);
    const storedPasskey = () =>
      withServerDatabase((db) =>
        db.selectFrom("passkeys").select(["counter", "last_used_at"]).where("user_id", "=", account.id).execute(),
      );
    const before = await storedPasskey();
    expect(before).toHaveLength(1);
    expect(before[0]?.last_used_at).toBeNull();
    await withServerDatabase((db) => setDisabled(db, account.id, true));

    await page.goto("/tests/newlogin");
    await expect(await signInMessage(page)).toContainText("This account has been disabled.");
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
    // Refused before the use was recorded: the passkey is as it was.
    expect(await storedPasskey()).toEqual(before);
    checkConsole();
  });

  test("passkeys are renamed, and the last way to sign in cannot be removed", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [400, 409] });
    await asNewClient(page);
    await addVirtualAuthenticator(page);
    const account = await newAccount("last");
    await logInWithPassword(page, account.email);
    await addPasskey(page, "First name");

    await passkeyList(page).getByRole("button", { name: "Rename passkey First name" }).click();
    const field = page.getByLabel("New name for First name");
    await field.fill("   ");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Enter the passkey's name.")).toBeVisible();
    await field.fill("Kitchen tablet");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(passkeyList(page).getByText("Kitchen tablet", { exact: true })).toBeVisible();
    await expect(page.getByRole("textbox", { name: /^New name for/ })).toBeHidden();
    await expect(page.getByRole("alert")).toBeHidden();

    // The account loses its password elsewhere (say, it was made by a provider): the page here is stale.
    await withServerDatabase((db) =>
      db.updateTable("users").set({ password_hash: null }).where("id", "=", account.id).execute(),
    );
    await passkeyList(page).getByRole("button", { name: "Remove passkey Kitchen tablet" }).click();
    await expect(page.getByRole("alert")).toHaveText(LAST_SIGN_IN_METHOD);
    await expect(passkeyList(page).getByText("Kitchen tablet", { exact: true })).toBeVisible();

    // Reloaded, the page says so before anyone tries.
    await page.reload();
    await expect(passkeyList(page).getByRole("button", { name: "Remove passkey Kitchen tablet" })).toBeDisabled();
    await expect(page.getByText("Your passkey is your only way to sign in.")).toBeVisible();
    const count = await withServerDatabase(
      async (db) => (await db.selectFrom("passkeys").select("id").where("user_id", "=", account.id).execute()).length,
    );
    expect(count).toBe(1);
    checkConsole();
  });
});

test.describe("/tests/newlogin without a passkey", () => {
  test("e-mails a sign-in link that lands on redirectTo", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [400] });
    await asNewClient(page);
    const account = await newAccount("link");
    await page.goto("/tests/newlogin?redirectTo=%2Fterms");
    const email = page.getByLabel("E-mail address");
    await email.fill("not an address");
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(page.getByText("Enter a valid e-mail address, like name@example.com.")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");

    const since = Date.now();
    await email.fill(account.email);
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(page.getByRole("status")).toContainText(`Check your inbox at ${account.email}`);
    await expect(page).toHaveURL(/\/tests\/newlogin\?redirectTo=%2Fterms$/);

    const mail = await waitForMail(account.email, since);
    expect(mail.subject).toBe("Your Numberlab sign-in link");
    await page.goto(firstLink(mail));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
    checkConsole();
  });

  test("the WebAuthn helper is loaded on the first click, not with the page", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    await addVirtualAuthenticator(page);
    // A string only the helper library holds.
    const marker = "ceremony was sent an abort signal";
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith(".js")) scripts.push(response.text());
    });
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect((await Promise.all(scripts)).some((text) => text.includes(marker))).toBe(false);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("alert")).toContainText("No passkey was used");
    expect((await Promise.all(scripts)).some((text) => text.includes(marker))).toBe(true);
    checkConsole();
  });
});

test.describe("passkey endpoints refuse bad requests with a clear answer", () => {
  test("malformed, mistyped and out-of-order requests", async ({ playwright, baseURL }) => {
    const client = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Origin: baseURL!, "X-Forwarded-For": uniqueClientIp() },
    });
    const post = async (path: string, body: string, contentType = "application/json") => {
      const response = await client.post(path, {
        headers: { "Content-Type": contentType },
        data: Buffer.from(body),
        maxRedirects: 0,
      });
      const text = await response.text();
      return { status: response.status(), body: text, headers: response.headers() };
    };

    const notJson = await post("/auth/passkey/sign-in", "{not json");
    expect(notJson).toMatchObject({
      status: 400,
      body: JSON.stringify({ error: "The request body is not valid JSON." }),
    });
    expect((await post("/auth/passkey/sign-in", "[]")).body).toContain("The request body must be a JSON object.");
    expect((await post("/auth/passkey/sign-in", "{}")).body).toContain("The passkey's answer is missing.");
    expect((await post("/auth/passkey/sign-in", "response=x", "application/x-www-form-urlencoded")).status).toBe(415);

    const answer = {
      id: "AAAA",
      rawId: "AAAA",
      type: "public-key",
      clientExtensionResults: {},
      response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
    };
    // No challenge was ever asked for.
    const noFlow = await post("/auth/passkey/sign-in", JSON.stringify({ response: answer, redirectTo: "/about" }));
    expect(noFlow.status).toBe(400);
    expect(noFlow.body).toContain("This passkey request has expired or was already used.");
    expect(noFlow.headers["set-cookie"]).toContain("passkey_sign_in_flow=;");

    // With a challenge, an unknown credential is named as such, and the challenge is spent.
    const options = await post("/auth/passkey/sign-in/options", "{}");
    expect(options.status).toBe(200);
    const parsed = JSON.parse(options.body) as {
      options: { challenge: string; allowCredentials?: unknown; rpId: string; userVerification: string };
    };
    expect(parsed.options.rpId).toBe("localhost");
    expect(parsed.options.userVerification).toBe("required");
    expect(parsed.options.allowCredentials).toBeUndefined();
    expect(options.headers["set-cookie"]).toMatch(
      /^passkey_sign_in_flow=[\w-]+; Path=\/auth\/passkey; Max-Age=300; HttpOnly; SameSite=Strict$/,
    );
    const unknown = await post("/auth/passkey/sign-in", JSON.stringify({ response: answer }));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toContain("This passkey is not registered with Numberlab");
    expect((await post("/auth/passkey/sign-in", JSON.stringify({ response: answer }))).body).toContain(
      "has expired or was already used",
    );

    // Registering needs a signed-in account.
    for (const path of ["/auth/passkey/register/options", "/auth/passkey/register", "/profile/passkeys"]) {
      const guest = await post(path, "{}");
      expect(guest.status, path).toBe(302);
      expect(guest.headers["location"], path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    // Only POST.
    const get = await client.get("/auth/passkey/sign-in", { maxRedirects: 0 });
    expect(get.status()).toBe(405);
    await client.dispose();
  });

  test("signed in: register and profile requests are checked too", async ({ page }) => {
    await asNewClient(page);
    const account = await newAccount("api");
    await logInWithPassword(page, account.email);
    const results = await page.evaluate(async () => {
      const answer = {
        id: "AAAA",
        rawId: "AAAA",
        type: "public-key",
        clientExtensionResults: {},
        response: { clientDataJSON: "e30", attestationObject: "AAAA" },
      };
      const json = async (path: string, body: string, type = "application/json") => {
        const response = await fetch(path, { method: "POST", headers: { "Content-Type": type }, body });
        return { status: response.status, body: await response.text() };
      };
      const form = async (fields: Record<string, string>) => {
        const response = await fetch("/profile/passkeys", { method: "POST", body: new URLSearchParams(fields) });
        return { status: response.status, body: await response.text() };
      };
      return {
        notJson: await json("/auth/passkey/register", "nope"),
        noFlow: await json("/auth/passkey/register", JSON.stringify({ response: answer })),
        longName: await json("/auth/passkey/register", JSON.stringify({ response: answer, name: "x".repeat(61) })),
        badIntent: await form({ intent: "delete-everything", id: "x" }),
        notYours: await form({ intent: "remove", id: "someone-elses-credential" }),
        longRename: await form({ intent: "rename", id: "x", name: "n".repeat(61) }),
        badId: await form({ intent: "remove", id: "not/a+credential" }),
        longId: await form({ intent: "rename", id: "a".repeat(1401), name: "Laptop" }),
        options: await json("/auth/passkey/register/options", "{}"),
      };
    });
    expect(results.notJson).toEqual({
      status: 400,
      body: JSON.stringify({ error: "The request body is not valid JSON." }),
    });
    expect(results.noFlow.status).toBe(400);
    expect(results.noFlow.body).toContain("This passkey request has expired or was already used.");
    expect(results.longName).toEqual({
      status: 400,
      body: JSON.stringify({ error: "The passkey's name must be at most 60 characters." }),
    });
    expect(results.badIntent.status).toBe(400);
    expect(results.badIntent.body).toContain("Choose whether to rename or remove the passkey.");
    expect(results.notYours.status).toBe(404);
    expect(results.notYours.body).toContain("This passkey is not on your account any more.");
    expect(results.longRename.status).toBe(400);
    expect(results.longRename.body).toContain("The passkey's name must be at most 60 characters.");
    expect(results.badId.status).toBe(400);
    expect(results.badId.body).toContain("The credential id must be base64url.");
    expect(results.longId.status).toBe(400);
    expect(results.longId.body).toContain("The credential id is too long.");
    expect(results.options.status).toBe(200);
    const { options } = JSON.parse(results.options.body) as {
      options: { authenticatorSelection: { residentKey: string; userVerification: string } };
    };
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
  });
});
