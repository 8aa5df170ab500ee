/**
 * The two shaders of the WebGL domain-colouring picture: a full-screen quad, and a fragment shader
 * that evaluates f at each pixel's point of the plane and paints it with ./domain-colouring.ts's
 * map. The pixel → point map is ./complex-plane-view.ts's pointAt at the pixel's centre
 * (gl_FragCoord counts from the bottom-left, so no flip is needed: the imaginary axis points up).
 */
import { COMPLEX_GLSL_LIBRARY, parameterUniforms, type ComplexGlsl } from "../expr/to-glsl";
import { DOMAIN_COLOUR_GLSL } from "./domain-colouring";

/** Two triangles covering clip space, as the attribute `a_corner` (x, y pairs). */
export const QUAD_CORNERS = new Float32Array([-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1]);

export const QUAD_VERTEX_SHADER = `attribute vec2 a_corner;
void main() { gl_Position = vec4(a_corner, 0.0, 1.0); }
`;

/**
 * The fragment shader for f. Uniforms: `u_centre` (the view's centre), `u_size` (the picture in
 * device pixels), `u_unitsPerPixel`, the colouring switches, and `u_param{k}` per parameter.
 * highp is required: mediump (fp16) cannot tell z from z + 0.001 at |z| = 4.
 */
export function domainColouringFragmentShader(f: ComplexGlsl): string {
  return `precision highp float;
uniform vec2 u_centre;
uniform vec2 u_size;
uniform float u_unitsPerPixel;
${parameterUniforms(f)}

${COMPLEX_GLSL_LIBRARY}
${DOMAIN_COLOUR_GLSL}
vec2 f(vec2 z) {
  return ${f.expression};
}

void main() {
  vec2 z = u_centre + (gl_FragCoord.xy - u_size / 2.0) * u_unitsPerPixel;
  gl_FragColor = vec4(domainColour(f(z)), 1.0);
}
`;
}
