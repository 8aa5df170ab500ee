import { expect, test } from "vitest";
import { createUpdateController, OFFLINE_READY_SHOWN_KEY, type WorkerUpdates } from "./update-controller";

function memoryStorage(): Pick<Storage, "getItem" | "setItem"> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

function setUp({ unsaved = false, storage = memoryStorage() } = {}) {
  const page = { unsaved, reloads: 0 };
  const controller = createUpdateController({
    hasUnsavedInput: () => page.unsaved,
    reload: () => (page.reloads += 1),
    storage,
  });
  return { controller, page };
}

/** A worker whose take-over the test finishes; records what the controller asked of it. */
function fakeWorker() {
  const calls: string[] = [];
  let takeOver: () => void = () => {};
  const worker: WorkerUpdates = {
    checkForUpdate: () => void calls.push("check"),
    activateNewVersion: () => {
      calls.push("activate");
      return new Promise((resolve) => (takeOver = resolve));
    },
  };
  return { worker, calls, tookOver: () => takeOver() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("without a worker, a new build is offered and accepting reloads at once", async () => {
  const { controller, page } = setUp();
  expect(controller.getSnapshot().prompt).toBe("hidden");
  controller.newBuildFound();
  expect(controller.getSnapshot().prompt).toBe("available");
  controller.accept();
  await settle();
  expect(page.reloads).toBe(1);
});

test("with unsaved input, accepting asks first; not now reloads nothing, reload anyway does", async () => {
  const { controller, page } = setUp({ unsaved: true });
  controller.newVersionFound();
  controller.accept();
  expect(controller.getSnapshot().prompt).toBe("confirm-unsaved");
  controller.dismiss();
  await settle();
  expect(controller.getSnapshot().prompt).toBe("hidden");
  expect(page.reloads).toBe(0);

  controller.newVersionFound();
  controller.accept();
  controller.reloadAnyway();
  await settle();
  expect(page.reloads).toBe(1);
});

test("with a worker, a new build makes it look for the new script, and the reload waits for its take-over", async () => {
  const { controller, page } = setUp();
  const { worker, calls, tookOver } = fakeWorker();
  controller.attachWorker(worker);
  controller.newBuildFound();
  expect(calls).toEqual(["check"]);

  controller.accept();
  expect(controller.getSnapshot().prompt).toBe("updating");
  await settle();
  expect(calls).toEqual(["check", "activate"]);
  expect(page.reloads).toBe(0);
  tookOver();
  await settle();
  expect(page.reloads).toBe(1);
});

test("a failed take-over still reloads: the page then gets the new build from the network", async () => {
  const { controller, page } = setUp();
  controller.attachWorker({ checkForUpdate: () => {}, activateNewVersion: () => Promise.reject(new Error("gone")) });
  controller.newVersionFound();
  controller.accept();
  await settle();
  expect(page.reloads).toBe(1);
});

test("news arriving while updating or asking does not reset the prompt; a dismissed one comes back", () => {
  const { controller } = setUp({ unsaved: true });
  controller.newVersionFound();
  controller.accept();
  controller.newBuildFound();
  expect(controller.getSnapshot().prompt).toBe("confirm-unsaved");
  controller.dismiss();
  controller.newBuildFound();
  expect(controller.getSnapshot().prompt).toBe("available");
});

test("reloading needs an offer: accept and reload anyway do nothing when nothing was offered", async () => {
  const { controller, page } = setUp();
  controller.accept();
  controller.reloadAnyway();
  await settle();
  expect(page.reloads).toBe(0);
  expect(controller.getSnapshot().prompt).toBe("hidden");
});

test("'ready to work offline' is said once per browser, remembered across pages", () => {
  const storage = memoryStorage();
  const first = setUp({ storage }).controller;
  const changes: boolean[] = [];
  first.subscribe(() => changes.push(first.getSnapshot().offlineReady));
  first.offlineReadyFound();
  first.dismissOfflineReady();
  expect(changes).toEqual([true, false]);
  expect(storage.getItem(OFFLINE_READY_SHOWN_KEY)).not.toBeNull();

  const later = setUp({ storage }).controller;
  later.offlineReadyFound();
  expect(later.getSnapshot().offlineReady).toBe(false);
});
