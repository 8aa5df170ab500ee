import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { User } from "#app/models/user.server";
import { userContext } from "#app/http/request-context";
import { cachePartitionMiddleware, cachePartitionOf } from "./cache-partition.server";
import { CACHE_PARTITION_HEADER, CACHE_PARTITION_PATTERN, GUEST_PARTITION } from "./offline-config";

async function partitionHeader(user: User | null): Promise<string | null> {
  const context = new RouterContextProvider();
  const next = () => {
    context.set(userContext, user);
    return Promise.resolve(new Response("page"));
  };
  const response = await cachePartitionMiddleware(
    { request: new Request("http://localhost/"), context } as never,
    next,
  );
  return (response as Response).headers.get(CACHE_PARTITION_HEADER);
}

describe("cache partitions", () => {
  it("gives guests one shared partition and each account its own, stable one that does not show its id", () => {
    expect(cachePartitionOf(null)).toBe(GUEST_PARTITION);
    const ada = cachePartitionOf("5b0c3c0e-6a53-4d4c-9a8a-1d2f3e4a5b6c");
    expect(ada).toMatch(CACHE_PARTITION_PATTERN);
    expect(ada).not.toContain("5b0c3c0e");
    expect(cachePartitionOf("5b0c3c0e-6a53-4d4c-9a8a-1d2f3e4a5b6c")).toBe(ada);
    expect(cachePartitionOf("9d1e2f3a-0000-4000-8000-000000000001")).not.toBe(ada);
  });

  it("labels every answer with the partition of whoever the request turned out to be", async () => {
    expect(await partitionHeader(null)).toBe(GUEST_PARTITION);
    const reader = { id: "u-reader", email: "ada@example.org", role: "user" } as User;
    expect(await partitionHeader(reader)).toBe(cachePartitionOf("u-reader"));
  });
});
