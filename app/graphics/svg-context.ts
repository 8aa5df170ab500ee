/**
 * The part of the canvas 2-D API the plot is drawn with, and a second
 * implementation of it that writes SVG. The plot has one drawing routine
 * (draw-plot.ts); exporting SVG is drawing it once more into this context.
 */
export type PlotContext = Pick<
  CanvasRenderingContext2D,
  | "save"
  | "restore"
  | "beginPath"
  | "closePath"
  | "moveTo"
  | "lineTo"
  | "arc"
  | "fill"
  | "stroke"
  | "fillRect"
  | "fillText"
  | "setLineDash"
  | "fillStyle"
  | "strokeStyle"
  | "lineWidth"
  | "globalAlpha"
  | "font"
  | "textAlign"
  | "textBaseline"
  | "lineJoin"
  | "lineCap"
>;

interface Style {
  fillStyle: string;
  strokeStyle: string;
  lineWidth: number;
  globalAlpha: number;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  lineJoin: CanvasLineJoin;
  lineCap: CanvasLineCap;
  dash: number[];
}

const INITIAL_STYLE: Style = {
  fillStyle: "#000000",
  strokeStyle: "#000000",
  lineWidth: 1,
  globalAlpha: 1,
  font: "10px sans-serif",
  textAlign: "start",
  textBaseline: "alphabetic",
  lineJoin: "miter",
  lineCap: "butt",
  dash: [],
};

const ANCHOR: Record<CanvasTextAlign, string> = {
  start: "start",
  left: "start",
  center: "middle",
  right: "end",
  end: "end",
};
const BASELINE: Record<CanvasTextBaseline, string> = {
  top: "hanging",
  hanging: "hanging",
  middle: "central",
  alphabetic: "alphabetic",
  ideographic: "ideographic",
  bottom: "text-after-edge",
};

/** Coordinates with two decimals: a hundredth of a pixel is finer than any screen. */
const n = (value: number) => String(Math.round(value * 100) / 100);

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export class SvgContext implements PlotContext {
  private readonly parts: string[] = [];
  private readonly stack: Style[] = [];
  private style: Style = { ...INITIAL_STYLE };
  private path = "";

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {}

  get fillStyle() {
    return this.style.fillStyle;
  }
  set fillStyle(value: string | CanvasGradient | CanvasPattern) {
    if (typeof value === "string") this.style.fillStyle = value;
  }
  get strokeStyle() {
    return this.style.strokeStyle;
  }
  set strokeStyle(value: string | CanvasGradient | CanvasPattern) {
    if (typeof value === "string") this.style.strokeStyle = value;
  }
  get lineWidth() {
    return this.style.lineWidth;
  }
  set lineWidth(value: number) {
    this.style.lineWidth = value;
  }
  get globalAlpha() {
    return this.style.globalAlpha;
  }
  set globalAlpha(value: number) {
    this.style.globalAlpha = value;
  }
  get font() {
    return this.style.font;
  }
  set font(value: string) {
    this.style.font = value;
  }
  get textAlign() {
    return this.style.textAlign;
  }
  set textAlign(value: CanvasTextAlign) {
    this.style.textAlign = value;
  }
  get textBaseline() {
    return this.style.textBaseline;
  }
  set textBaseline(value: CanvasTextBaseline) {
    this.style.textBaseline = value;
  }
  get lineJoin() {
    return this.style.lineJoin;
  }
  set lineJoin(value: CanvasLineJoin) {
    this.style.lineJoin = value;
  }
  get lineCap() {
    return this.style.lineCap;
  }
  set lineCap(value: CanvasLineCap) {
    this.style.lineCap = value;
  }

  save() {
    this.stack.push({ ...this.style, dash: [...this.style.dash] });
  }
  restore() {
    this.style = this.stack.pop() ?? { ...INITIAL_STYLE };
  }
  setLineDash(segments: number[]) {
    this.style.dash = [...segments];
  }
  beginPath() {
    this.path = "";
  }
  closePath() {
    this.path += "Z";
  }
  moveTo(x: number, y: number) {
    this.path += `M${n(x)} ${n(y)}`;
  }
  lineTo(x: number, y: number) {
    this.path += `L${n(x)} ${n(y)}`;
  }
  /** Only whole circles are drawn by the plot; they become two half-circle arcs. */
  arc(x: number, y: number, radius: number) {
    const r = n(radius);
    this.path += `M${n(x - radius)} ${n(y)}A${r} ${r} 0 1 0 ${n(x + radius)} ${n(y)}A${r} ${r} 0 1 0 ${n(x - radius)} ${n(y)}Z`;
  }
  fill() {
    if (this.path)
      this.parts.push(`<path d="${this.path}" fill="${escapeXml(this.style.fillStyle)}"${this.opacity()}/>`);
  }
  stroke() {
    if (!this.path) return;
    const { strokeStyle, lineWidth, lineJoin, lineCap, dash } = this.style;
    const dashAttribute = dash.length > 0 ? ` stroke-dasharray="${dash.map(n).join(" ")}"` : "";
    this.parts.push(
      `<path d="${this.path}" fill="none" stroke="${escapeXml(strokeStyle)}" stroke-width="${n(lineWidth)}" stroke-linejoin="${lineJoin}" stroke-linecap="${lineCap}"${dashAttribute}${this.opacity()}/>`,
    );
  }
  fillRect(x: number, y: number, width: number, height: number) {
    this.parts.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" fill="${escapeXml(this.style.fillStyle)}"${this.opacity()}/>`,
    );
  }
  fillText(text: string, x: number, y: number) {
    const { font, textAlign, textBaseline, fillStyle } = this.style;
    this.parts.push(
      `<text x="${n(x)}" y="${n(y)}" style="font: ${escapeXml(font)}" text-anchor="${ANCHOR[textAlign]}" dominant-baseline="${BASELINE[textBaseline]}" fill="${escapeXml(fillStyle)}"${this.opacity()}>${escapeXml(text)}</text>`,
    );
  }

  /** The finished document. */
  toString(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${n(this.width)}" height="${n(this.height)}" viewBox="0 0 ${n(this.width)} ${n(this.height)}">${this.parts.join("")}</svg>`;
  }

  private opacity() {
    return this.style.globalAlpha < 1 ? ` opacity="${n(this.style.globalAlpha)}"` : "";
  }
}
