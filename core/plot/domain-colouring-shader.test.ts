import { describe, expect, it } from "vitest";
import { FORMULA_OPTIONS, parseExpression } from "../expr/parse";
import { complexToGlsl } from "../expr/to-glsl";
import { domainColouringFragmentShader, QUAD_CORNERS } from "./domain-colouring-shader";

function shaderFor(text: string): string {
  const parsed = parseExpression(text, FORMULA_OPTIONS);
  if (!parsed.ok) throw parsed.error;
  const glsl = complexToGlsl(parsed.ast);
  if (!glsl.ok) throw glsl.error;
  return domainColouringFragmentShader(glsl.glsl);
}

describe("the domain-colouring fragment shader", () => {
  it("declares every uniform the renderer sets, one float per parameter, and evaluates f in main", () => {
    const source = shaderFor("z^2 + a z + b");
    expect(source.startsWith("precision highp float;")).toBe(true);
    for (const uniform of [
      "vec2 u_centre",
      "vec2 u_size",
      "float u_unitsPerPixel",
      "float u_modulusBands",
      "float u_phaseLines",
      "float u_param0",
      "float u_param1",
    ]) {
      expect(source).toContain(`uniform ${uniform};`);
    }
    expect(source).not.toContain("u_param2");
    expect(source).toContain("return ((cpowi(z, 2.0) + (u_param0 * z)) + vec2(u_param1, 0.0));");
    expect(source).toMatch(/gl_FragColor = vec4\(domainColour\(f\(z\)\), 1\.0\);/);
    // Each function is defined before main uses it.
    expect(source.indexOf("vec2 f(vec2 z)")).toBeLessThan(source.indexOf("void main()"));
    expect(source.indexOf("vec3 domainColour(vec2 w)")).toBeLessThan(source.indexOf("void main()"));
  });

  it("covers clip space with two triangles", () => {
    expect(QUAD_CORNERS).toHaveLength(12);
    const xs = [...QUAD_CORNERS].filter((_, k) => k % 2 === 0);
    const ys = [...QUAD_CORNERS].filter((_, k) => k % 2 === 1);
    expect(Math.min(...xs)).toBe(-1);
    expect(Math.max(...xs)).toBe(1);
    expect(Math.min(...ys)).toBe(-1);
    expect(Math.max(...ys)).toBe(1);
  });
});
