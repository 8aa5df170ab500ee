import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { DataTable, type DataColumn } from "./data-table";

interface Planet {
  name: string;
  moons: number;
}

const planets: Planet[] = [
  { name: "Mars", moons: 2 },
  { name: "Jupiter", moons: 95 },
];

const none: Planet[] = [];

const columns: DataColumn<Planet>[] = [
  { label: "#", cell: (_, index) => index + 1 },
  { label: "Planet", cell: (planet) => planet.name },
  { label: "Moons", align: "right", cell: (planet) => planet.moons },
];

/** The markup without the style sheets MUI writes inline. */
function render(element: ReactElement): string {
  return renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>).replace(/<style[^>]*>.*?<\/style>/g, "");
}

const headers = (markup: string) =>
  [...markup.matchAll(/<th[^>]*role="columnheader"[^>]*>(.*?)<\/th>/g)].map((m) => m[1]);
const cellLabels = (markup: string) => [...markup.matchAll(/<td[^>]*data-label="([^"]*)"/g)].map((m) => m[1]);

describe("DataTable", () => {
  it("names each header and each cell's phone label from one column name, row by row in order", () => {
    const markup = render(
      <DataTable labelledBy="planets" columns={columns} rows={planets} rowKey={(planet) => planet.name} />,
    );
    expect(headers(markup)).toEqual(["#", "Planet", "Moons"]);
    expect(cellLabels(markup)).toEqual(["#", "Planet", "Moons", "#", "Planet", "Moons"]);
    expect(markup).toMatch(
      /<td[^>]*data-label="#"[^>]*><div>1<\/div>.*Mars.*<td[^>]*data-label="#"[^>]*><div>2<\/div>.*Jupiter/,
    );
    expect(markup).toContain('role="region" aria-labelledby="planets"');
  });

  it("names the table itself by the heading only when asked", () => {
    const plain = render(<DataTable labelledBy="planets" columns={columns} rows={planets} rowKey={(p) => p.name} />);
    const named = render(
      <DataTable labelledBy="planets" namesTable columns={columns} rows={planets} rowKey={(p) => p.name} />,
    );
    expect(plain).not.toMatch(/<table[^>]*aria-labelledby/);
    expect(named).toMatch(/<table[^>]*aria-labelledby="planets"/);
  });

  it("says so instead of showing a table when there are no rows, and shows the bare header without a message", () => {
    const empty = render(
      <DataTable
        labelledBy="planets"
        columns={columns}
        rows={none}
        rowKey={(p) => p.name}
        empty={<p>No planets.</p>}
      />,
    );
    expect(empty).toBe("<p>No planets.</p>");
    const bare = render(<DataTable labelledBy="planets" columns={columns} rows={none} rowKey={(p) => p.name} />);
    expect(headers(bare)).toEqual(["#", "Planet", "Moons"]);
    expect(cellLabels(bare)).toEqual([]);
  });

  it("makes a sortable column's header a link that keeps its place on phones", () => {
    const sorted: DataColumn<Planet>[] = [
      { ...columns[1]!, sort: { active: true, direction: "desc", href: "/planets?dir=asc" } },
      { ...columns[2]!, sort: { active: false, direction: "asc", href: "/planets?sort=moons" } },
    ];
    const markup = render(<DataTable labelledBy="planets" columns={sorted} rows={planets} rowKey={(p) => p.name} />);
    expect(markup).toMatch(
      /<th[^>]*aria-sort="descending"[^>]*data-sortable="true"[^>]*><a[^>]*href="\/planets\?dir=asc"/,
    );
    expect(markup).toMatch(/<th(?![^>]*aria-sort)[^>]*data-sortable="true"[^>]*><a[^>]*href="\/planets\?sort=moons"/);
  });

  it("puts page links under the table, or under the empty message", () => {
    const pagination = { page: 2, pageCount: 3, hrefFor: (page: number) => `/planets?page=${page}`, label: "Pages" };
    const markup = render(
      <DataTable
        labelledBy="planets"
        columns={columns}
        rows={none}
        rowKey={(p) => p.name}
        empty="None."
        pagination={pagination}
      />,
    );
    expect(markup).toMatch(/^None\.<nav/);
    expect(markup).toContain('aria-label="Pages"');
    expect(markup).toContain('href="/planets?page=3"');
  });
});
