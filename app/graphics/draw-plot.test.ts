import { describe, expect, it } from "vitest";
import { emptyGeometry } from "#core/plot/plot-geometry";
import { drawPlot, toPixels, type PlotPicture } from "./draw-plot";
import { PLOT_COLORS } from "./plot-picture";
import { SvgContext } from "./svg-context";

const view = { xMin: -2, xMax: 2, yMin: -1, yMax: 1 };

function picture(overrides: Partial<PlotPicture> = {}): PlotPicture {
  return {
    view,
    width: 400,
    height: 200,
    ticks: { x: [{ value: 1, label: "1", major: true }], y: [{ value: 0.5, label: "0.5", major: true }] },
    colors: PLOT_COLORS.light,
    curves: [],
    trace: null,
    ...overrides,
  };
}

function svgOf(p: PlotPicture): string {
  const svg = new SvgContext(p.width, p.height);
  drawPlot(svg, p);
  return svg.toString();
}

describe("the plot's drawing, written as SVG", () => {
  it("maps maths coordinates to pixels with y pointing down", () => {
    const px = toPixels(view, 400, 200);
    expect([px.x(-2), px.x(0), px.x(2)]).toEqual([0, 200, 400]);
    expect([px.y(1), px.y(0), px.y(-1)]).toEqual([0, 100, 200]);
  });

  it("draws a curve's polyline at its pixel positions in its colour", () => {
    const line = new Float64Array([-2, -1, 0, 0, 2, 1]);
    const out = svgOf(picture({ curves: [{ geometry: { ...emptyGeometry(), lines: [line] }, color: "#1565c0" }] }));
    expect(out).toContain('d="M0 200L200 100L400 0"');
    expect(out).toMatch(/d="M0 200L200 100L400 0" fill="none" stroke="#1565c0" stroke-width="2.5"/);
  });

  it("fills the background, labels the ticks and draws the axes through the origin", () => {
    const out = svgOf(picture());
    expect(out).toContain(`<rect x="0" y="0" width="400" height="200" fill="${PLOT_COLORS.light.background}"/>`);
    expect(out).toMatch(/<text x="300" y="104"[^>]*>1<\/text>/);
    expect(out).toMatch(/<text x="195" y="50"[^>]*>0.5<\/text>/);
    // The x-axis at y = 0 (pixel 100) and the y-axis at x = 0 (pixel 200).
    expect(out).toContain("M0 100L400 100M200 0L200 200");
  });

  it("draws an open dot as a ring over the background and a closed dot filled", () => {
    const geometry = {
      ...emptyGeometry(),
      dots: [
        { x: 0, y: 0, filled: false },
        { x: 1, y: 0.5, filled: true },
      ],
    };
    const out = svgOf(picture({ curves: [{ geometry, color: "#c62828" }] }));
    const open = out.match(/<path d="M196 100A4 4[^"]*" fill="([^"]+)"/);
    const closed = out.match(/<path d="M296 50A4 4[^"]*" fill="([^"]+)"/);
    expect(open?.[1]).toBe(PLOT_COLORS.light.background);
    expect(closed?.[1]).toBe("#c62828");
  });

  it("dashes the boundary of a strict inequality and shades its region", () => {
    const region = new Float64Array([-2, -1, 2, -1, 2, 0, -2, 0]);
    const geometry = { ...emptyGeometry(), lines: [new Float64Array([-2, 0, 2, 0])], regions: [region], dashed: true };
    const out = svgOf(picture({ curves: [{ geometry, color: "#2e7d32" }] }));
    expect(out).toMatch(/<path d="M0 200L400 200L400 100L0 100Z" fill="#2e7d32" opacity="0.18"\/>/);
    expect(out).toMatch(/d="M0 100L400 100" fill="none" stroke="#2e7d32"[^>]*stroke-dasharray="6 5"/);
  });

  it("escapes text that would break the document", () => {
    const out = svgOf(picture({ ticks: { x: [{ value: 1, label: "<&>", major: true }], y: [] } }));
    expect(out).toContain("&#60;&#38;&#62;");
    expect(out).not.toContain("<&>");
  });
});
