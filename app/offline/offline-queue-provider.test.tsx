// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { createRoot } from "react-dom/client";
import { createRoutesStub, Form, Outlet, redirect, useFetcher, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IDEMPOTENCY_KEY_FIELD } from "./idempotency-key";
import { createSubmission, listQueuedSubmissions, queueSubmission } from "./offline-queue";
import { OfflineQueueProvider, useOfflineQueueReport, useOfflineSubmission } from "./offline-queue-provider";
import { sendKeyedSubmission } from "./queued-action";

// The queue and the router settle on their own (IndexedDB, promises): the tests wait for what the page shows.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** The browser's idea of the network, which the provider reads. */
let online = true;
Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });

/** A server in memory: the marks it holds, what it received, and whether it can be reached. */
const server = { reachable: true, marks: new Set<string>(), received: [] as string[] };

async function serverAction(request: Request) {
  if (!server.reachable) throw new TypeError("Failed to fetch");
  const form = await request.formData();
  const section = String(form.get("section"));
  server.received.push(`${section}:${form.get(IDEMPOTENCY_KEY_FIELD) === null ? "no key" : "key"}`);
  if (section === "locked") return { error: "That section is not part of what you can read here." };
  server.marks.add(section);
  return { error: null };
}

function Toggle({ section }: { section: string }) {
  const offline = useOfflineSubmission(`read:${section}`);
  const fetcher = useFetcher({ key: offline.fetcherKey });
  return (
    <fetcher.Form method="post" onSubmit={(event) => void offline.onSubmit?.(event, () => `Mark as read: ${section}`)}>
      <input type="hidden" name="section" value={section} />
      <button type="submit" name="intent" value="read">
        Mark {section}
      </button>
      {offline.waiting && <p>{section} waits</p>}
    </fetcher.Form>
  );
}

function Chapter() {
  const { marks } = useLoaderData<{ marks: string[] }>();
  const { report } = useOfflineQueueReport();
  return (
    <>
      <p>Read: {marks.join(",")}</p>
      {["a", "b", "locked"].map((section) => (
        <Toggle key={section} section={section} />
      ))}
      <p>
        Sent: {report?.applied.map(({ entry }) => entry.label).join("; ")} Refused:{" "}
        {report?.refused.map(({ entry, message }) => `${entry.label} (${message})`).join("; ")}
      </p>
      <Form method="post" action="/logout">
        <button type="submit">Log out</button>
      </Form>
    </>
  );
}

function renderChapter(partition: string) {
  const Stub = createRoutesStub([
    {
      path: "/",
      HydrateFallback: () => null,
      Component: () => (
        <OfflineQueueProvider partition={partition}>
          <Outlet />
        </OfflineQueueProvider>
      ),
      children: [
        {
          path: "chapter",
          Component: Chapter,
          loader: () => ({ marks: [...server.marks].sort() }),
          // As the route module's clientAction does, around the server's action.
          action: ({ request }) => sendKeyedSubmission({ request, serverAction: () => serverAction(request) }),
        },
        { path: "logout", action: () => redirect("/chapter") },
      ],
    },
  ]);
  root.render(<Stub initialEntries={["/chapter"]} />);
}

const container = document.createElement("div");
document.body.append(container);
const root = createRoot(container);
const text = () => container.textContent ?? "";
/** Waits for what the page shows once the queue and the router settle; the limit only guards against a hang. */
const eventually = (check: () => unknown) => vi.waitFor(check, { timeout: 10_000 });

function press(name: string): void {
  const button = [...container.querySelectorAll("button")].find((candidate) => candidate.textContent === name)!;
  button.closest("form")!.requestSubmit(button);
}
function setOnline(value: boolean): void {
  online = value;
  window.dispatchEvent(new Event(value ? "online" : "offline"));
}

/** Each test is one account: its own partition in the one queue database of this file. */
let partition = "";
beforeEach(() => {
  partition = `u-${crypto.randomUUID().replaceAll("-", "").slice(0, 22)}`;
  online = true;
  Object.assign(server, { reachable: true, marks: new Set<string>(), received: [] });
});
// Rendering is asynchronous here: the next test starts from an empty page, not from this one's.
afterEach(async () => {
  root.render(null);
  await eventually(() => expect(text()).toBe(""));
});

describe("the page's offline queue", () => {
  it("sends a mark at once when it can, with a key, and shows it read", async () => {
    renderChapter(partition);
    await eventually(() => expect(text()).toContain("Mark a"));
    press("Mark a");
    await eventually(() => expect(text()).toContain("Read: a"));
    expect(server.received).toEqual(["a:key"]);
    expect(await listQueuedSubmissions(partition)).toEqual([]);
  });

  it("keeps marks made offline, shows them waiting, and sends them in order once online", async () => {
    renderChapter(partition);
    await eventually(() => expect(text()).toContain("Mark a"));
    setOnline(false);
    press("Mark b");
    await eventually(() => expect(text()).toContain("b waits"));
    press("Mark locked");
    press("Mark a");
    await eventually(() => expect(text()).toContain("a waits"));
    expect(server.received).toEqual([]);

    setOnline(true);
    await eventually(() => expect(text()).toContain("Read: a,b"));
    expect(server.received).toEqual(["b:key", "locked:key", "a:key"]);
    expect(text()).toContain("Sent: Mark as read: b; Mark as read: a");
    expect(text()).toContain("Refused: Mark as read: locked (That section is not part of what you can read here.)");
    expect(text()).not.toContain("waits");
    expect(await listQueuedSubmissions(partition)).toEqual([]);
  });

  it("keeps a mark whose request fails while the browser believes it is online, and sends it when the page loads again", async () => {
    renderChapter(partition);
    await eventually(() => expect(text()).toContain("Mark a"));
    server.reachable = false;
    press("Mark a");
    await eventually(() => expect(text()).toContain("a waits"));
    expect(await listQueuedSubmissions(partition)).toHaveLength(1);

    server.reachable = true;
    root.render(null);
    await eventually(() => expect(text()).toBe(""));
    renderChapter(partition);
    await eventually(() => expect(text()).toContain("Read: a"));
    expect(await listQueuedSubmissions(partition)).toEqual([]);
  });

  it("never sends another account's marks, and drops this account's on sign-out", async () => {
    const other = `u-${"o".repeat(22)}`;
    await queueSubmission(
      createSubmission({
        partition: other,
        action: "/chapter",
        fields: [["section", "theirs"]],
        label: "Mark as read: theirs",
        subject: "read:theirs",
      }),
    );
    renderChapter(partition);
    await eventually(() => expect(text()).toContain("Mark a"));
    setOnline(false);
    press("Mark a");
    await eventually(() => expect(text()).toContain("a waits"));
    press("Log out");
    await eventually(async () => expect(await listQueuedSubmissions(partition)).toEqual([]));

    setOnline(true);
    expect(server.received).toEqual([]);
    expect((await listQueuedSubmissions(other)).map((entry) => entry.label)).toEqual(["Mark as read: theirs"]);
  });
});
