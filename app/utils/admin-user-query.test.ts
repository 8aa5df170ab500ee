import { describe, expect, it } from "vitest";
import { readUserListQuery, userListHref } from "./admin-user-query";

const read = (query: string) => readUserListQuery(new URLSearchParams(query));

describe("the admin users table's address", () => {
  it("defaults to the newest accounts first, page 1, no search", () => {
    expect(read("")).toEqual({ query: { q: "", sort: "created", dir: "desc", page: 1 }, searchError: null });
  });

  it("reads a search, a sort column with its direction and a page", () => {
    expect(read("q=+Ada+&sort=email&dir=desc&page=3").query).toEqual({ q: "Ada", sort: "email", dir: "desc", page: 3 });
    // A text column starts A to Z when no direction is given.
    expect(read("sort=name").query.dir).toBe("asc");
  });

  it("falls back to the defaults for edited or nonsense values", () => {
    for (const query of [
      "sort=password_hash",
      "sort=email&sort=name",
      "dir=sideways",
      "page=0",
      "page=-2",
      "page=1.5",
      "page=abc",
      "page=1e99",
    ]) {
      const { query: read1, searchError } = read(query);
      expect(searchError, query).toBeNull();
      expect(["created", "email"]).toContain(read1.sort);
      expect(read1.page, query).toBe(1);
    }
    expect(read("sort=lastSignIn&dir=up").query).toMatchObject({ sort: "lastSignIn", dir: "desc" });
  });

  it("names a search that is too long and searches for nothing instead", () => {
    expect(read(`q=${"x".repeat(101)}`)).toEqual({
      query: { q: "", sort: "created", dir: "desc", page: 1 },
      searchError: "Search for at most 100 characters.",
    });
  });

  it("writes the address back with the defaults left out", () => {
    expect(userListHref({ q: "", sort: "created", dir: "desc", page: 1 })).toBe("/admin/adminUser");
    expect(userListHref({ q: "a&b", sort: "email", dir: "asc", page: 2 })).toBe(
      "/admin/adminUser?q=a%26b&sort=email&page=2",
    );
    expect(userListHref({ q: "", sort: "created", dir: "asc", page: 1 })).toBe("/admin/adminUser?dir=asc");
    const round = { q: "Ünïcode 100%", sort: "lastSignIn", dir: "asc", page: 4 } as const;
    expect(read(userListHref(round).split("?")[1]!).query).toEqual(round);
  });
});
