import { ThemeProvider } from "@mui/material/styles";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { actionResult, formPost, requestContext } from "#tests/setup/action-result";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "#tests/setup/fake-openai-server";
import { switchFeatures } from "#tests/setup/feature-flags";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import type * as AssistantConfig from "#app/assistant/assistant-config.server";
import type { AssistantEndpoint } from "#app/assistant/assistant-config.server";
import { readAssistantEvents, type AssistantEvent } from "#app/assistant/stream-events";
import { userContext } from "#app/http/request-context";
import { findAssistantRequest, startAssistantRequest } from "#app/models/assistant-request.server";
import { createChapter, type ChapterRecord } from "#app/models/chapter.server";
import { listSections } from "#app/models/section.server";
import { createUser, type User } from "#app/models/user.server";
import { theme } from "#app/theme/theme";

const current = vi.hoisted(() => ({
  handle: undefined as DatabaseHandle | undefined,
  endpoint: null as AssistantEndpoint | null,
}));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
// The variables are read once per process; here each test chooses the configuration.
vi.mock("#app/assistant/assistant-config.server", async (importOriginal) => ({
  ...(await importOriginal<typeof AssistantConfig>()),
  assistantEndpoint: () => current.endpoint,
}));
const page = await import("./assistant");
const stream = await import("./assistant-stream");

const PAGE = "http://localhost:3000/admin/adminia";
const KEY = "sk-route-test-secret-key";

type LoaderData = Awaited<ReturnType<typeof page.loader>>;

/** The page as the server renders it, as text without markup. */
function pageHtml(loaderData: LoaderData): string {
  const Assistant = page.default as unknown as (props: { loaderData: LoaderData; actionData: undefined }) => ReactNode;
  const router = createMemoryRouter(
    [{ path: "/admin/adminia", element: <Assistant loaderData={loaderData} actionData={undefined} /> }],
    { initialEntries: ["/admin/adminia"] },
  );
  return renderToString(
    <ThemeProvider theme={theme}>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
}

const textOf = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** The ask form's markup, from its start to the end of its fieldset. */
const askFormOf = (html: string) =>
  /<form[^>]*aria-label="Ask the assistant"[\s\S]*?<\/fieldset>/.exec(html)?.[0] ?? "";

describe.each(testDialects)("/admin/adminia on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let fake: FakeOpenAiServer;
  let admin: User;
  let chapter: ChapterRecord;
  let count = 0;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer({ apiKey: KEY });
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    count += 1;
    current.handle = database;
    current.endpoint = null;
    admin = await createUser(database.db, {
      email: `route-admin-${count}@example.org`,
      passwordHash: null,
      role: "admin",
    });
    const created = await createChapter(database.db, {
      slug: `route-chapter-${count}`,
      title: `Route chapter ${count}`,
      summary: "For the route's tests.",
      access: "free",
    });
    if (!created.ok) throw new Error("no chapter");
    chapter = created.chapter;
  });

  const context = () => {
    const made = requestContext("192.0.2.7");
    made.set(userContext, admin);
    return made;
  };
  const load = (query = "") =>
    page.loader({ request: new Request(`${PAGE}${query}`), context: context(), params: {} } as never);
  const ask = (form: Record<string, string>) =>
    stream.action({ request: formPost(`${PAGE}/stream`, form), context: context(), params: {} } as never);
  const saveDraft = async (form: Record<string, string>) =>
    actionResult(await page.action({ request: formPost(PAGE, form), context: context(), params: {} } as never));
  const askForm = (instructions: string) => ({ task: "section", chapterId: chapter.id, skill: "", instructions });
  const requestCount = async () => (await database.db.selectFrom("assistant_requests").select("id").execute()).length;

  it("without configuration, says how to configure it, disables every control, and refuses on the server", async () => {
    const data = await load();
    expect(data.setup).toEqual({ state: "unconfigured", endpoint: null });
    const html = pageHtml(data);
    const text = textOf(html);
    expect(text).toContain("The assistant is not configured on this server");
    for (const part of [
      "ASSISTANT_BASE_URL",
      "ASSISTANT_MODEL",
      "ASSISTANT_API_KEY",
      "ASSISTANT_BASE_URL=https://api.openai.com/v1",
      "ASSISTANT_BASE_URL=http://127.0.0.1:8080/v1",
      "ASSISTANT_BASE_URL=http://127.0.0.1:11434/v1",
      "docs/assistant.md",
    ]) {
      expect(text).toContain(part);
    }
    const form = askFormOf(html);
    expect(form).toMatch(/<fieldset[^>]*disabled=""/);
    // Every control of the form, the Ask and Stop buttons included, is disabled.
    for (const control of form.match(/<(input|select|textarea|button)\b[^>]*>/g) ?? []) {
      expect(control).toMatch(/disabled=""|type="hidden"/);
    }
    const before = await requestCount();
    const refused = await actionResult(await ask(askForm("Write about orders.")));
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ message: expect.stringContaining("not configured") });
    expect(await requestCount()).toBe(before);
    const save = await saveDraft({ intent: "save-draft", requestId: crypto.randomUUID() });
    expect(save.status).toBe(409);
  });

  it("switched off, says where to switch it on and refuses, never showing the key", async () => {
    current.endpoint = { baseUrl: `${fake.baseUrl}?secret=1`, apiKey: KEY, model: "fake-model" };
    const restore = await switchFeatures(database.db, { assistant: false });
    try {
      const data = await load();
      expect(data.setup).toEqual({
        state: "switched-off",
        endpoint: { address: fake.baseUrl, model: "fake-model", withKey: true },
      });
      const html = pageHtml(data);
      expect(textOf(html)).toContain("It is configured (fake-model at");
      expect(textOf(html)).toContain("but switched off in /admin/application");
      expect(html).toContain('href="/admin/application"');
      expect(askFormOf(html)).toMatch(/<fieldset[^>]*disabled=""/);
      expect(html).not.toContain(KEY);
      expect(html).not.toContain("secret=1");
      const refused = await actionResult(await ask(askForm("Write about orders.")));
      expect(refused.status).toBe(403);
      expect(refused.data).toMatchObject({ message: expect.stringContaining("switched off") });
    } finally {
      await restore();
    }
  });

  it("configured, streams the answer as server-sent events, then opens it with its checks and saves it as a draft", async () => {
    current.endpoint = { baseUrl: fake.baseUrl, apiKey: KEY, model: "fake-model" };
    const response = await ask(askForm("Write about factorizations. fake:wrong-factorization"));
    expect(response).toBeInstanceOf(Response);
    const streamed = response as Response;
    expect(streamed.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(streamed.headers.get("Cache-Control")).toBe("no-cache, no-transform");
    const events: AssistantEvent[] = [];
    for await (const event of readAssistantEvents(streamed.body!)) events.push(event);
    const done = events.at(-1);
    expect(done?.type).toBe("done");
    const requestId = done?.type === "done" ? done.requestId : "";

    const data = await load(`?request=${requestId}`);
    expect(data.setup.state).toBe("ready");
    expect(JSON.stringify(data)).not.toContain(KEY);
    expect(data.history[0]).toMatchObject({
      id: requestId,
      taskLabel: "Lesson section",
      state: "finished",
      drafted: false,
    });
    expect(data.opened?.answer.review.claims.find((claim) => claim.verdict === "wrong")?.message).toBe(
      "2^3 · 3^3 · 5 = 1080, not 360. The prime factorization is 360 = 2³ · 3² · 5.",
    );
    expect(data.opened?.blockedBy).toBeNull();
    const text = textOf(pageHtml(data));
    expect(text).toContain("1 wrong number among 3 claims checked");
    expect(text).toContain("Save as a draft section");

    const saved = await saveDraft({
      intent: "save-draft",
      requestId,
      title: "Prime factorizations",
      slug: "prime-factorizations",
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ ok: true, links: [{ label: "Prime factorizations" }] });
    expect(await listSections(database.db, chapter.id)).toMatchObject([
      { slug: "prime-factorizations", published: false },
    ]);
    const reopened = await load(`?request=${requestId}`);
    expect(reopened.history[0]?.drafted).toBe(true);
    expect(reopened.opened?.saved).toEqual([
      {
        href: expect.stringMatching(new RegExp(`^/admin/content/${chapter.id}/sections/`)),
        label: "Prime factorizations",
      },
    ]);
  });

  it("answers a refused request with JSON, the reason and the fields", async () => {
    current.endpoint = { baseUrl: fake.baseUrl, apiKey: KEY, model: "fake-model" };
    const refused = await actionResult(
      await ask({ task: "questions", chapterId: chapter.id, skill: "", instructions: "" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      message: "Check the form: some of it cannot be used.",
      errors: { skill: "Quiz questions practise one skill: choose it.", instructions: "Say what you want drafted." },
    });
  });

  it("shows a request a stopped server left streaming as interrupted, and pages the history", async () => {
    testClock.set("2031-01-01T12:00:00.000Z");
    const left = await startAssistantRequest(
      database.db,
      {
        adminId: admin.id,
        task: "exercises",
        chapterId: chapter.id,
        skill: null,
        instructions: "Old",
        prompt: "[]",
        model: "m",
      },
      { staleBefore: "2000-01-01T00:00:00.000Z" },
    );
    if (!left.ok) throw new Error("busy");
    testClock.set("2031-01-01T12:01:00.000Z");
    expect((await load(`?request=${left.request.id}`)).opened?.answer.state).toBe("streaming");
    testClock.set("2031-01-01T12:10:00.000Z");
    const data = await load(`?request=${left.request.id}`);
    expect(data.opened?.answer.state).toBe("interrupted");
    expect(data.opened?.blockedBy).toBe("Saving is off while the assistant is not configured.");
    expect(data.history.find((row) => row.id === left.request.id)?.state).toBe("interrupted");
    expect((await findAssistantRequest(database.db, left.request.id))?.status).toBe("streaming");
    expect(textOf(pageHtml(data))).toContain("The server stopped while this answer was streaming");

    const total = await requestCount();
    const pages = Math.ceil(total / 20);
    const last = await load(`?page=${pages + 5}`);
    expect(last.page).toBe(pages);
    expect((await load("?request=not-a-uuid")).opened).toBeNull();
  });
});
