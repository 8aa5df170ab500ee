import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RecordChart, type RecordPoint } from "./record-chart";

const records: RecordPoint[] = [
  { year: 1876, digits: 39, number: "2^127 − 1", mersenne: true },
  { year: 1951, digits: 79, number: "180 · (2^127 − 1)^2 + 1", mersenne: false },
  { year: 1952, digits: 157, number: "2^521 − 1", mersenne: true },
];

/** The (cx, cy) of each dot, in drawing order. */
function dots(markup: string): [number, number][] {
  return [...markup.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"/g)].map((match) => [
    Number(match[1]),
    Number(match[2]),
  ]);
}

describe("the record chart", () => {
  const sources = ["https://t5k.org/notes/by_year.html", "https://www.mersenne.org/primes/"];
  const markup = renderToStaticMarkup(<RecordChart records={records} sources={sources} />);

  it("draws a dot per record, later to the right and more digits higher, on a log scale", () => {
    const points = dots(markup);
    expect(points).toHaveLength(3);
    expect(points[0]![0]).toBeLessThan(points[1]![0]);
    expect(points[1]![1]).toBeLessThan(points[0]![1]);
    // log10 79 − log10 39 ≈ 0.307 and log10 157 − log10 79 ≈ 0.298: nearly equal rises for doublings.
    const rise = (a: number, b: number) => points[a]![1] - points[b]![1];
    expect(rise(0, 1) / rise(1, 2)).toBeCloseTo(Math.log10(79 / 39) / Math.log10(157 / 79), 2);
  });

  it("fills the Mersenne primes' dots only, and names every record for screen readers", () => {
    expect(markup.match(/fill="var\(--mui-palette-primary-main\)"/g)).toHaveLength(2);
    expect(markup).toContain("<title>2^127 − 1: 39 digits (1876)</title>");
    expect(markup).toContain('role="img"');
    expect(markup).toContain("3 records from 1876 to 1952");
    // The table behind the chart has a row per record.
    expect(markup.match(/<tr/g)).toHaveLength(4);
  });

  it("names its sources by their sites, and links them", () => {
    expect(markup).toContain('href="https://t5k.org/notes/by_year.html"');
    expect(markup).toMatch(/>t5k\.org<\/a>/);
    expect(markup).toMatch(/>mersenne\.org<\/a>/);
  });
});
