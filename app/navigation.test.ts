import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { adminMenuEntries, adminSectionGroups, currentAdminEntry } from "./admin-navigation";
import { LAB_PICTURE, labPath, labPicture, labs } from "./labs";
import { mainNavigation } from "./navigation";
import routes from "./routes";

interface DeclaredRoute {
  path: string;
  admin: boolean;
  /** Below the admin layout, so the page shows the admin menu. */
  withAdminMenu: boolean;
}

/** Every path the route table declares, with the guard and layout above it. */
function declaredRoutes(entries: readonly RouteConfigEntry[], admin = false, menu = false): DeclaredRoute[] {
  return entries.flatMap((entry) => {
    const isAdmin = admin || entry.file === "routes/access/requires-admin.ts";
    const hasMenu = menu || entry.file === "routes/admin/admin-layout.tsx";
    const own = entry.path === undefined ? [] : [{ path: `/${entry.path}`, admin: isAdmin, withAdminMenu: hasMenu }];
    return [...own, ...declaredRoutes(entry.children ?? [], isAdmin, hasMenu)];
  });
}

const declared = declaredRoutes(routes);

/** Width and height from a WebP file's header (lossy, lossless or extended). */
function webpSize(file: Buffer): { width: number; height: number } {
  expect(file.toString("ascii", 0, 4)).toBe("RIFF");
  expect(file.toString("ascii", 8, 12)).toBe("WEBP");
  const chunk = file.toString("ascii", 12, 16);
  if (chunk === "VP8 ") return { width: file.readUInt16LE(26) & 0x3fff, height: file.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = file.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  expect(chunk).toBe("VP8X");
  return { width: file.readUIntLE(24, 3) + 1, height: file.readUIntLE(27, 3) + 1 };
}

describe("the main navigation", () => {
  it("leads to the course map and the labs index, both public pages of the route table", () => {
    const targets = mainNavigation.map((item) => item.to);
    expect(targets).toEqual(expect.arrayContaining(["/chapter", "/tests"]));
    for (const to of targets) expect(declared.find((route) => route.path === to)?.admin, to).toBe(false);
  });
});

describe("the labs index", () => {
  it("lists every lab of the route table once, with the access the route gives it", () => {
    const labRoutes = declared.filter((route) => /^\/tests\/[^/]+$/.test(route.path));
    expect(labs.map((lab) => labPath(lab)).sort()).toEqual(labRoutes.map((route) => route.path).sort());
    for (const lab of labs) {
      const route = labRoutes.find((candidate) => candidate.path === labPath(lab))!;
      expect(route.admin, lab.name).toBe(lab.access === "admin");
      expect(lab.topic === "admin", lab.name).toBe(lab.access === "admin");
    }
  });

  it("is itself a public route", () => {
    expect(declared.find((route) => route.path === "/tests")).toEqual({
      path: "/tests",
      admin: false,
      withAdminMenu: false,
    });
  });

  it.each(labs.map((lab) => [lab.name, lab] as const))("has a small picture of %s at the declared size", (_, lab) => {
    const file = readFileSync(path.join("public", labPicture(lab)));
    expect(webpSize(file)).toEqual({ width: LAB_PICTURE.width, height: LAB_PICTURE.height });
    expect(file.length).toBeLessThanOrEqual(30_000);
    expect(lab.alt.length).toBeGreaterThan(20);
  });
});

describe("the admin menu", () => {
  it("is on every admin page and admin lab, and on nothing else", () => {
    for (const route of declared) expect(route.withAdminMenu, route.path).toBe(route.admin);
    expect(declared.find((route) => route.path === "/admin")).toMatchObject({ admin: true, withAdminMenu: true });
  });

  it("links every admin section and admin lab, and only pages that exist", () => {
    const adminPaths = declared.filter((route) => route.admin && !route.path.includes(":")).map((route) => route.path);
    const sections = adminPaths.filter((route) => /^\/admin\/[^/]+$/.test(route) || route.startsWith("/tests/"));
    const linked = adminMenuEntries.map((entry) => entry.to);
    for (const section of sections) expect(linked, section).toContain(section);
    for (const to of linked) expect([...adminPaths, "/tests"], to).toContain(to);
    for (const group of adminSectionGroups) {
      for (const section of group.sections) expect(section.description, section.to).toMatch(/^[A-Z].{10,}\.$/);
    }
  });

  it("marks the entry a page belongs to", () => {
    const current = (pathname: string) => currentAdminEntry(pathname)?.to;
    expect(current("/admin")).toBe("/admin");
    expect(current("/admin/")).toBe("/admin");
    expect(current("/admin/adminUser")).toBe("/admin/adminUser");
    expect(current("/admin/adminUser/audit")).toBe("/admin/adminUser/audit");
    expect(current("/admin/content/primes/123")).toBe("/admin/content");
    expect(current("/admin/generate/abc")).toBe("/admin/generate");
    expect(current("/tests/plotly2")).toBe("/tests/plotly2");
    expect(current("/tests/plotly")).toBe("/tests/plotly");
    expect(current("/admin/adminUserX")).toBeUndefined();
  });
});
