/**
 * The colour map of a domain-colouring picture: each point z of the plane is painted with the
 * colour of the value w = f(z).
 *
 * - Hue is the argument of w, once round the colour wheel: arg 0 red, π/2 chartreuse (hue 90°),
 *   π cyan, −π/2 violet (hue 270°). A zero of order k shows every hue k times round it,
 *   anticlockwise; a pole of order k shows them k times clockwise.
 * - Lightness grows with |w| on a log scale, from black at a zero to white at a pole, 1/2 (full
 *   colour) at |w| = 1.
 * - Modulus bands (optional): within each band 2^k ≤ |w| < 2^(k+1) the shade ramps from dark to
 *   light, so the band edges are the contour lines |w| = 2^k and their spacing shows how fast |w|
 *   grows (dense rings round a pole).
 * - Phase lines (optional): the same ramp in each sector of the argument π/6 wide, so the edges
 *   are the lines arg w = kπ/6. With both on, the two families of edges cross at right angles
 *   wherever f is analytic and f' ≠ 0 (f is conformal there).
 *
 * The map exists twice, in TypeScript (`writeColour`, for the canvas fallback and tests) and in
 * GLSL (`DOMAIN_COLOUR_GLSL`, for the WebGL fragment shader). They are written side by side in
 * this file, line for line, and share their constants: change one and change the other.
 */

/** Lightness is 1/2 + atan(ln|w| / LOG_SPREAD)/π: at |w| = e^LOG_SPREAD (about 20) it is 3/4. */
export const LOG_SPREAD = 3;
/** How much darker the start of a modulus band is than its end. */
export const BAND_DEPTH = 0.3;
/** How much darker the start of a phase sector is than its end. */
export const PHASE_DEPTH = 0.25;
/** Phase sectors round the circle: 12 sectors of π/6. */
export const PHASE_SECTORS = 12;
/** The grey of points where f is undefined (NaN), e.g. 0/0. */
export const UNDEFINED_GREY = 0.5;

export interface ColouringOptions {
  /** Contour bands of log₂|f|. */
  modulusBands: boolean;
  /** Lines of constant argument every π/6. */
  phaseLines: boolean;
}

export const DEFAULT_COLOURING: Readonly<ColouringOptions> = { modulusBands: true, phaseLines: false };

const TWO_PI = 2 * Math.PI;

/** The fractional part, in [0, 1) (GLSL's fract). */
const fract = (x: number) => x - Math.floor(x);
const clamp01 = (x: number) => Math.min(Math.max(x, 0), 1);

/** Red, green and blue in [0, 1] of a hue in turns (0 red, 1/3 green, 2/3 blue) at full saturation. */
function hueChannel(hue: number, shift: number, lightness: number): number {
  const k = clamp01(Math.abs(((((hue * 6 + shift) % 6) + 6) % 6) - 3) - 1);
  return lightness + (k - 0.5) * (1 - Math.abs(2 * lightness - 1));
}

/**
 * Writes the colour of the value w = re + i·im as bytes (0–255) at `data[offset]`, `[offset+1]`,
 * `[offset+2]` and 255 at `[offset+3]`: the allocation-free form, for filling an ImageData.
 */
export function writeColour(
  re: number,
  im: number,
  options: ColouringOptions,
  data: { [index: number]: number },
  offset: number,
): void {
  let r: number;
  let g: number;
  let b: number;
  if (re !== re || im !== im) {
    r = g = b = UNDEFINED_GREY;
  } else {
    // The plain square root is several times faster than Math.hypot; hypot only where it over- or underflows.
    let modulus = Math.sqrt(re * re + im * im);
    if (modulus === Infinity || (modulus === 0 && (re !== 0 || im !== 0))) modulus = Math.hypot(re, im);
    if (modulus === 0) {
      r = g = b = 0;
    } else if (modulus === Infinity) {
      r = g = b = 1;
    } else {
      const hue = fract(Math.atan2(im, re) / TWO_PI);
      let lightness = 0.5 + Math.atan(Math.log(modulus) / LOG_SPREAD) / Math.PI;
      // log2, exact at powers of 2, so the contour |w| = 2^k falls where it should.
      if (options.modulusBands) lightness *= 1 - BAND_DEPTH * (1 - fract(Math.log2(modulus)));
      if (options.phaseLines) lightness *= 1 - PHASE_DEPTH * (1 - fract(hue * PHASE_SECTORS));
      r = hueChannel(hue, 0, lightness);
      g = hueChannel(hue, 4, lightness);
      b = hueChannel(hue, 2, lightness);
    }
  }
  // Clamped: float rounding can leave a channel a hair below 0.
  data[offset] = Math.round(clamp01(r) * 255);
  data[offset + 1] = Math.round(clamp01(g) * 255);
  data[offset + 2] = Math.round(clamp01(b) * 255);
  data[offset + 3] = 255;
}

/** The colour of the value w = re + i·im as [red, green, blue], each 0–255. */
export function colourAt(
  re: number,
  im: number,
  options: ColouringOptions = DEFAULT_COLOURING,
): [number, number, number] {
  const rgba = [0, 0, 0, 0];
  writeColour(re, im, options, rgba, 0);
  return [rgba[0]!, rgba[1]!, rgba[2]!];
}

/** A float literal GLSL ES 1.00 accepts (it needs the decimal point). */
const glslFloat = (x: number) => (Number.isInteger(x) ? x.toFixed(1) : String(x));

/**
 * `vec3 domainColour(vec2 w)`: the same map in GLSL, reading the uniforms `u_modulusBands` and
 * `u_phaseLines` (1.0 on, 0.0 off). fp32 overflows sooner than JavaScript's doubles, so the
 * modulus is computed scaled (|w| = a·|w/a| with a = max(|re|, |im|)) and anything beyond the
 * largest float counts as infinite.
 */
export const DOMAIN_COLOUR_GLSL = `
uniform float u_modulusBands;
uniform float u_phaseLines;

float hueChannel(float hue, float shift, float lightness) {
  float k = clamp(abs(mod(hue * 6.0 + shift, 6.0) - 3.0) - 1.0, 0.0, 1.0);
  return lightness + (k - 0.5) * (1.0 - abs(2.0 * lightness - 1.0));
}

vec3 domainColour(vec2 w) {
  if (!(w.x == w.x) || !(w.y == w.y)) return vec3(${glslFloat(UNDEFINED_GREY)});
  float a = max(abs(w.x), abs(w.y));
  if (a == 0.0) return vec3(0.0);
  float modulus = a * length(w / a);
  if (!(modulus < 3.4e38)) return vec3(1.0);
  float hue = fract(atan(w.y, w.x) / ${glslFloat(TWO_PI)});
  float lightness = 0.5 + atan(log(modulus) / ${glslFloat(LOG_SPREAD)}) / ${glslFloat(Math.PI)};
  lightness *= 1.0 - u_modulusBands * ${glslFloat(BAND_DEPTH)} * (1.0 - fract(log2(modulus)));
  lightness *= 1.0 - u_phaseLines * ${glslFloat(PHASE_DEPTH)} * (1.0 - fract(hue * ${glslFloat(PHASE_SECTORS)}));
  return vec3(hueChannel(hue, 0.0, lightness), hueChannel(hue, 4.0, lightness), hueChannel(hue, 2.0, lightness));
}
`;
