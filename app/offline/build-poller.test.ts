// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { BUILD_POLL_INTERVAL_MS, watchForNewBuilds } from "./build-poller";

let visibility: DocumentVisibilityState = "visible";
let stop: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers();
  visibility = "visible";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
});

afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event("visibilitychange"));
}

/** A poller over a server whose build the test sets; records each check and each new build reported. */
function startPoller(serverBuild: { id: string | null }) {
  const checks: number[] = [];
  const found: string[] = [];
  stop = watchForNewBuilds({
    currentBuildId: "build-a",
    fetchLatestBuildId: () => {
      checks.push(Date.now());
      return Promise.resolve(serverBuild.id);
    },
    onNewBuild: (id) => found.push(id),
  });
  return { checks, found };
}

test("checks every 5 minutes and reports a build other than the page's", async () => {
  const server = { id: "build-a" };
  const { checks, found } = startPoller(server);
  await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS - 1);
  expect(checks).toHaveLength(0);
  await vi.advanceTimersByTimeAsync(1);
  expect(checks).toHaveLength(1);
  expect(found).toEqual([]);

  server.id = "build-b";
  await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
  expect(checks).toHaveLength(2);
  expect(found).toEqual(["build-b"]);
});

test("checks when the tab becomes visible, and not while it is hidden", async () => {
  const server = { id: "build-b" };
  const { checks, found } = startPoller(server);
  setVisibility("hidden");
  await vi.advanceTimersByTimeAsync(3 * BUILD_POLL_INTERVAL_MS);
  expect(checks).toHaveLength(0);

  setVisibility("visible");
  await vi.advanceTimersByTimeAsync(0);
  expect(checks).toHaveLength(1);
  expect(found).toEqual(["build-b"]);
});

test("an unknown answer (offline, restarting) reports nothing, and a check in flight is not doubled", async () => {
  let answer: (id: string | null) => void = () => {};
  const found: string[] = [];
  let checks = 0;
  stop = watchForNewBuilds({
    currentBuildId: "build-a",
    fetchLatestBuildId: () => {
      checks += 1;
      return new Promise((resolve) => (answer = resolve));
    },
    onNewBuild: (id) => found.push(id),
  });
  setVisibility("visible");
  setVisibility("visible");
  expect(checks).toBe(1);
  answer(null);
  await vi.advanceTimersByTimeAsync(0);
  expect(found).toEqual([]);

  setVisibility("visible");
  expect(checks).toBe(2);
  answer("build-c");
  await vi.advanceTimersByTimeAsync(0);
  expect(found).toEqual(["build-c"]);
});

test("stopping ends the timer and the visibility checks, and drops an answer still on its way", async () => {
  let answer: (id: string | null) => void = () => {};
  const found: string[] = [];
  let checks = 0;
  stop = watchForNewBuilds({
    currentBuildId: "build-a",
    fetchLatestBuildId: () => {
      checks += 1;
      return new Promise((resolve) => (answer = resolve));
    },
    onNewBuild: (id) => found.push(id),
  });
  setVisibility("visible");
  stop();
  answer("build-b");
  await vi.advanceTimersByTimeAsync(2 * BUILD_POLL_INTERVAL_MS);
  setVisibility("visible");
  expect(checks).toBe(1);
  expect(found).toEqual([]);
});
