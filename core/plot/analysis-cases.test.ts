import { describe, expect, it } from "vitest";
import type { GraphFindings } from "./analysis";
import { ANALYSIS_CASES, type AnalysisCase } from "./analysis-cases";
import { plotEntries } from "./plot-entries";
import { exactText } from "./simplest-number";
import { DEFAULT_VIEW_RANGE, deviceHeight, deviceWidth, type PlotView, type ViewRange } from "./viewport";

/** A simple number (0, 1/2, π/2, √3) is reported as the float nearest it: within this many ulps. */
const EXACT_ULPS = 2;
/** Other positions (tan t = t, (2 ± √37)/3) are found to this relative precision. */
const NON_SIMPLE_TOLERANCE = 1e-9;
/** Values beside a break (a jump's one-sided limits) to this many device pixels. */
const LIMIT_TOLERANCE_PX = 1e-3;
/**
 * Features this close (device pixels) to the view's left or right edge may be reported or not; so
 * may features that do not show (a root, extremum, hole, jump or domain end outside the view's y
 * range), but whatever is reported must be right.
 */
const EDGE_PX = 1;
/** Views this narrow (in x) around a formula that cancels may answer "unresolved" at its hole. */
const CANCELLING_SPAN = 0.01;

/** The plot's canvas on /tests/ploting, measured in Chromium: 758 × 478 CSS px at 1280 px wide, 356 × 478 on a 390 px phone at 3 device pixels to one. */
const DESKTOP = { width: 758, height: 478, pixelRatio: 1 };
const PHONE = { width: 356, height: 478, pixelRatio: 3 };

function centred(x: number, y: number, xSpan: number, ySpan: number): ViewRange {
  return { xMin: x - xSpan / 2, xMax: x + xSpan / 2, yMin: y - ySpan / 2, yMax: y + ySpan / 2 };
}

/** The views each case is checked in: the page's, its keyboard zoom, the view whose findings the issue quoted, and closer looks. */
function viewsOf(test: AnalysisCase): [string, PlotView][] {
  const keyboardZoom = 1.25 ** 4;
  const views: [string, ViewRange, typeof DESKTOP][] = [
    ["the page's view on a desktop", DEFAULT_VIEW_RANGE, DESKTOP],
    ["the page's view on a phone", DEFAULT_VIEW_RANGE, PHONE],
    ["four presses of + from the page's view", centred(0, 0, 20 / keyboardZoom, 12 / keyboardZoom), DESKTOP],
    ["x from −1 to 1, y from −0.6 to 0.6", centred(0, 0, 2, 1.2), DESKTOP],
  ];
  for (const [x, y] of test.focus) {
    views.push([`10× closer around (${x}, ${y})`, centred(x, y, 2, 1.2), DESKTOP]);
    views.push([`10× closer, off centre, near (${x}, ${y})`, centred(x + 0.37, y - 0.2, 2, 1.2), DESKTOP]);
    views.push([`10⁴× closer around (${x}, ${y})`, centred(x, y, 2e-3, 1.2e-3), DESKTOP]);
  }
  return views.map(([name, range, size]) => [name, { ...range, ...size }]);
}

function ulp(v: number): number {
  return Math.max(Math.abs(v) * Number.EPSILON, Number.MIN_VALUE);
}

/** Whether a reported value is the expected one: a simple number exactly (and written exactly), any other closely. */
function same(reported: number, expected: number): boolean {
  if (Number.isNaN(expected)) return Number.isNaN(reported);
  if (exactText(expected) !== null) {
    return Math.abs(reported - expected) <= EXACT_ULPS * ulp(expected) && exactText(reported) !== null;
  }
  return Math.abs(reported - expected) <= NON_SIMPLE_TOLERANCE * Math.max(1, Math.abs(expected));
}

interface Check<R, E> {
  name: string;
  reported: R[];
  expected: E[];
  /** Whether a reported feature is the expected one (the position first, then the rest). */
  matches(reported: R, expected: E): boolean;
  x(feature: R | E): number;
  /** Whether an expected feature shows in the view, and so must be reported (one that does not may be). */
  visible(feature: E): boolean;
}

/**
 * Every expected feature that shows, away from the view's left and right edges, is reported and
 * matches; every reported feature matches an expected one (shown or not) and lies in the view.
 */
function compare<R, E>(view: PlotView, check: Check<R, E>): string[] {
  const { name, reported, expected, matches, x, visible } = check;
  const kx = deviceWidth(view) / (view.xMax - view.xMin);
  const inner = (v: number) => (v - view.xMin) * kx > EDGE_PX && (view.xMax - v) * kx > EDGE_PX;
  const problems: string[] = [];
  for (const e of expected.filter((f) => inner(x(f)) && visible(f))) {
    if (!reported.some((r) => matches(r, e))) problems.push(`${name}: missing ${JSON.stringify(e)}`);
  }
  for (const r of reported.filter((f) => inner(x(f)))) {
    if (!expected.some((e) => matches(r, e))) problems.push(`${name}: spurious ${JSON.stringify(r)}`);
  }
  for (const r of reported) {
    if (x(r) < view.xMin || x(r) > view.xMax) problems.push(`${name}: outside the view ${JSON.stringify(r)}`);
  }
  return problems;
}

/** What the analysis got wrong in one view: missing, spurious or misplaced features, as sentences. */
function problemsIn(test: AnalysisCase, view: PlotView, findings: GraphFindings): string[] {
  const [lo, hi] = [view.xMin, view.xMax];
  const ky = deviceHeight(view) / (view.yMax - view.yMin);
  const near = (a: number, b: number) => Math.abs(a - b) * ky <= LIMIT_TOLERANCE_PX;
  const shows = (...ys: number[]) => ys.some((y) => y >= view.yMin && y <= view.yMax);
  // Where rounding is allowed to win, a hole may be reported as unresolved instead.
  const cancelling = test.cancels === true && hi - lo <= CANCELLING_SPAN;
  const holes = test.holes(lo, hi);
  return [
    ...compare(view, {
      name: "roots",
      reported: findings.roots.points,
      expected: test.roots(lo, hi),
      matches: (r, e) => same(r.x, e.x) && r.kind === e.kind,
      x: (f) => f.x,
      visible: () => shows(0),
    }),
    ...compare(view, {
      name: "extrema",
      reported: findings.extrema.points,
      expected: test.extrema(lo, hi),
      matches: (r, e) => same(r.x, e.x) && same(r.y, e.y) && r.kind === e.kind,
      x: (f) => f.x,
      visible: (e) => shows(e.y),
    }),
    ...compare(view, {
      name: "holes",
      reported: findings.holes,
      expected: holes,
      matches: (r, e) => same(r.x, e.x) && same(r.limit, e.limit) && Number.isNaN(r.value),
      x: (f) => f.x,
      visible: (e) => shows(e.limit) && !cancelling,
    }),
    ...compare(view, {
      name: "asymptotes",
      reported: findings.asymptotes,
      expected: test.asymptotes(lo, hi),
      matches: (r, e) => same(r, e),
      x: (f) => f,
      visible: () => true,
    }),
    ...compare(view, {
      name: "jumps",
      reported: findings.jumps,
      expected: test.jumps(lo, hi),
      matches: (r, e) =>
        same(r.x, e.x) &&
        near(r.left, e.left) &&
        near(r.right, e.right) &&
        (Number.isNaN(e.value) ? Number.isNaN(r.value) : same(r.value, e.value)),
      x: (f) => f.x,
      visible: (e) => shows(e.left, e.right, e.value),
    }),
    ...compare(view, {
      name: "edges",
      reported: findings.edges,
      expected: test.edges(lo, hi),
      matches: (r, e) => same(r.x, e.x) && same(r.value, e.value),
      x: (f) => f.x,
      visible: (e) => shows(e.value),
    }),
    ...compare(view, {
      name: "unresolved",
      reported: findings.unresolved,
      expected: cancelling
        ? holes.map((h) => ({ kind: "unresolved" as const, x: h.x, reason: "rounding" as const }))
        : [],
      matches: (r, e) => same(r.x, e.x) && r.reason === e.reason,
      x: (f) => f.x,
      visible: () => false,
    }),
    ...(findings.roots.truncated || findings.extrema.truncated ? ["the analysis ran out of budget"] : []),
  ];
}

describe("what the plotter tells its reader, checked against the mathematics", () => {
  it("has a table of at least 40 functions", () => {
    expect(ANALYSIS_CASES.length).toBeGreaterThanOrEqual(40);
  });

  describe.each(ANALYSIS_CASES.map((test) => [test.expression, test] as const))("%s", (_expression, test) => {
    it.each(viewsOf(test))("in %s", (_name, view) => {
      const [outcome] = plotEntries([test.expression], {}, view);
      if (!outcome?.ok || !outcome.findings) throw new Error(`no findings for ${test.expression}`);
      expect(problemsIn(test, view, outcome.findings)).toEqual([]);
    });
  });
});
