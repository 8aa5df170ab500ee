import { describe, expect, it } from "vitest";
import { OFFLINE_TOOL_PAGES } from "#app/offline/offline-config";
import { pagePathOfDataUrl, reloadDocumentResponse, routeOf, type RequestFacts } from "./request-routes";

const ORIGIN = "https://numberlab.example";
const get = (path: string, mode: RequestMode = "cors"): RequestFacts => ({ method: "GET", mode, url: ORIGIN + path });
const navigate = (path: string) => get(path, "navigate");

describe("routeOf", () => {
  it("saves navigations to lessons, tools and the home page, keyed with their query", () => {
    expect(routeOf(navigate("/chapter/divisors"), ORIGIN)).toEqual({
      kind: "page",
      data: false,
      pagePath: "/chapter/divisors",
      savable: true,
    });
    expect(routeOf(navigate("/"), ORIGIN)).toMatchObject({ kind: "page", savable: true });
    expect(routeOf(navigate("/prime-factorization-engine?n=360"), ORIGIN)).toMatchObject({
      pagePath: "/prime-factorization-engine?n=360",
      savable: true,
    });
    for (const tool of OFFLINE_TOOL_PAGES) expect(routeOf(navigate(tool), ORIGIN)).toMatchObject({ savable: true });
  });

  it("serves account, payment, admin and sign-in pages from the network only", () => {
    for (const path of [
      "/profile",
      "/admin/users",
      "/login",
      "/signup",
      "/subscribe",
      "/success?session=1",
      "/reset-password/abc",
      "/tests/buy",
      "/tests/test",
      "/tests/newlogin",
    ]) {
      expect(routeOf(navigate(path), ORIGIN), path).toMatchObject({ kind: "page", savable: false });
    }
    // Names that merely begin like a private area are pages like any other.
    expect(routeOf(navigate("/profiles-of-primes"), ORIGIN)).toMatchObject({ savable: true });
  });

  it("gives a .data request the rules of its page", () => {
    expect(routeOf(get("/chapter/divisors.data?_routes=routes%2Fchapter"), ORIGIN)).toEqual({
      kind: "page",
      data: true,
      pagePath: "/chapter/divisors",
      savable: true,
    });
    expect(routeOf(get("/profile.data"), ORIGIN)).toMatchObject({ data: true, savable: false });
    expect(routeOf(get("/admin/users.data"), ORIGIN)).toMatchObject({ data: true, savable: false });
  });

  it("leaves route discovery, JSON resources and other origins to the network", () => {
    expect(routeOf(get("/__manifest?paths=%2Fchapter&version=abc"), ORIGIN)).toEqual({ kind: "network" });
    expect(routeOf(get("/builds/latest.json?1700000000000"), ORIGIN)).toEqual({ kind: "network" });
    expect(routeOf(get("/api/factor?n=15"), ORIGIN)).toEqual({ kind: "network" });
    expect(routeOf(navigate("/chapter/divisors"), "https://elsewhere.example")).toEqual({ kind: "network" });
    expect(routeOf({ method: "GET", mode: "cors", url: "https://cdn.example/x.js" }, ORIGIN)).toEqual({
      kind: "network",
    });
  });

  it("caches hashed build files at run time", () => {
    expect(routeOf(get("/assets/KaTeX_Main-Regular-B22Nviop.woff2"), ORIGIN)).toEqual({ kind: "static-file" });
    expect(routeOf(get("/assets/plotly-strict.min-t6VClIa1.js"), ORIGIN)).toEqual({ kind: "static-file" });
  });

  it("recognises a sign-out by its POST, by form or by React Router's .data action", () => {
    expect(routeOf({ method: "POST", mode: "navigate", url: `${ORIGIN}/logout` }, ORIGIN)).toEqual({
      kind: "sign-out",
    });
    expect(routeOf({ method: "POST", mode: "cors", url: `${ORIGIN}/logout.data` }, ORIGIN)).toEqual({
      kind: "sign-out",
    });
    expect(routeOf({ method: "GET", mode: "navigate", url: `${ORIGIN}/logout` }, ORIGIN)).toMatchObject({
      savable: false,
    });
    expect(routeOf({ method: "POST", mode: "cors", url: `${ORIGIN}/chapter/divisors.data` }, ORIGIN)).toEqual({
      kind: "network",
    });
  });
});

describe("pagePathOfDataUrl", () => {
  it("undoes React Router's singleFetchUrl", () => {
    expect(pagePathOfDataUrl(new URL(`${ORIGIN}/_root.data`))).toBe("/");
    expect(pagePathOfDataUrl(new URL(`${ORIGIN}/chapter/divisors.data`))).toBe("/chapter/divisors");
    expect(pagePathOfDataUrl(new URL(`${ORIGIN}/tests/_.data`))).toBe("/tests/");
  });

  it("keeps the page's own query and drops the routes parameter", () => {
    expect(pagePathOfDataUrl(new URL(`${ORIGIN}/prime-factorization-engine.data?n=360&_routes=root`))).toBe(
      "/prime-factorization-engine?n=360",
    );
    expect(pagePathOfDataUrl(new URL(`${ORIGIN}/_root.data?_routes=root,routes%2Fhome`))).toBe("/");
  });
});

describe("reloadDocumentResponse", () => {
  it("is the single-fetch redirect React Router follows with a document navigation", () => {
    const response = reloadDocumentResponse("/chapter/divisors");
    expect(response.status).toBe(204);
    expect(response.headers.get("X-Remix-Redirect")).toBe("/chapter/divisors");
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
  });
});
