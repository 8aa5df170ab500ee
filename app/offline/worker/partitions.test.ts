import { describe, expect, it } from "vitest";
import { CACHE_PARTITION_HEADER, GUEST_PARTITION, STATIC_RUNTIME_CACHE } from "#app/offline/offline-config";
import {
  accountPageCaches,
  isAccountPartition,
  pageCacheName,
  pageCachesToDropFor,
  partitionOfAnswer,
  partitionOfCache,
} from "./partitions";

const ALICE = "u-AAAAAAAAAAAAAAAAAAAAAA";
const BOB = "u-BBBBBBBBBBBBBBBBBBBBBB";

describe("partitionOfAnswer", () => {
  it("reads a well-formed partition header and ignores anything else", () => {
    const answer = (value?: string) => new Headers(value === undefined ? {} : { [CACHE_PARTITION_HEADER]: value });
    expect(partitionOfAnswer(answer(ALICE))).toBe(ALICE);
    expect(partitionOfAnswer(answer(GUEST_PARTITION))).toBe(GUEST_PARTITION);
    expect(partitionOfAnswer(answer())).toBeNull();
    expect(partitionOfAnswer(answer("u-short"))).toBeNull();
    expect(partitionOfAnswer(answer(`${ALICE}/../x`))).toBeNull();
    expect(partitionOfAnswer(answer("Guest"))).toBeNull();
  });
});

describe("page cache names", () => {
  it("name one cache per partition and read back its partition", () => {
    expect(pageCacheName(ALICE)).toBe(`numberlab-pages-${ALICE}`);
    expect(partitionOfCache(pageCacheName(ALICE))).toBe(ALICE);
    expect(partitionOfCache(pageCacheName(GUEST_PARTITION))).toBe(GUEST_PARTITION);
    expect(partitionOfCache(STATIC_RUNTIME_CACHE)).toBeNull();
    expect(partitionOfCache("workbox-precache-v2-https://numberlab.example/")).toBeNull();
    expect(isAccountPartition(ALICE)).toBe(true);
    expect(isAccountPartition(GUEST_PARTITION)).toBe(false);
  });
});

describe("which page caches go", () => {
  const names = [
    pageCacheName(ALICE),
    pageCacheName(BOB),
    pageCacheName(GUEST_PARTITION),
    STATIC_RUNTIME_CACHE,
    "workbox-precache-v2-https://numberlab.example/",
  ];

  it("when an account becomes current, every other account's pages go and the guest's stay", () => {
    expect(pageCachesToDropFor(BOB, names)).toEqual([pageCacheName(ALICE)]);
    expect(pageCachesToDropFor(ALICE, names)).toEqual([pageCacheName(BOB)]);
  });

  it("when the guest becomes current, nothing goes (a sign-out already took the account's pages)", () => {
    expect(pageCachesToDropFor(GUEST_PARTITION, names)).toEqual([]);
  });

  it("signing out takes every account's pages and nothing else", () => {
    expect(accountPageCaches(names)).toEqual([pageCacheName(ALICE), pageCacheName(BOB)]);
  });
});
