import { describe, expect, it, vi } from "vitest";
import { findByIdOr404 } from "./not-found";

const ID = "c9a646d3-9c61-4cb7-bfcd-ee2522c8f633";

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { init: { status: number }; data: { message: string } };
  }
  throw new Error("expected a thrown 404");
}

describe("findByIdOr404", () => {
  it("gives what the id names", async () => {
    await expect(findByIdOr404(ID, async (id) => ({ id }), `/things/${ID}`)).resolves.toEqual({ id: ID });
  });

  it("answers 404 with the address, without a look-up, when the id is no UUID", async () => {
    const find = vi.fn(async () => ({}));
    const error = await thrown(findByIdOr404("not-a-uuid", find, "/things/not-a-uuid"));
    expect(error.init.status).toBe(404);
    expect(error.data).toEqual({ message: "Page not found: /things/not-a-uuid" });
    expect(find).not.toHaveBeenCalled();
  });

  it("answers 404 when the id names nothing", async () => {
    for (const missing of [null, undefined]) {
      const error = await thrown(findByIdOr404(ID, async () => missing, `/things/${ID}`));
      expect(error.init.status).toBe(404);
      expect(error.data.message).toBe(`Page not found: /things/${ID}`);
    }
  });
});
