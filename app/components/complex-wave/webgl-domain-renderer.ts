import type { ComplexView } from "#core/plot/complex-plane-view";
import type { ColouringOptions } from "#core/plot/domain-colouring";
import { domainColouringFragmentShader, QUAD_CORNERS, QUAD_VERTEX_SHADER } from "#core/plot/domain-colouring-shader";
import type { ComplexGlsl } from "#core/expr/to-glsl";

export type WebGLSetup = { ok: true; renderer: WebGLDomainRenderer } | { ok: false; reason: string };

interface Program {
  program: WebGLProgram;
  uniforms: Map<string, WebGLUniformLocation | null>;
  parameterCount: number;
}

/**
 * Draws the domain-colouring picture on the GPU: one full-screen quad whose fragment shader
 * evaluates f at every pixel. A program is compiled per formula (and kept for the last one);
 * a formula the driver refuses reports the driver's reason, so the page can fall back.
 */
export class WebGLDomainRenderer {
  private current: { expression: string; program: Program } | null = null;

  private constructor(
    private readonly gl: WebGLRenderingContext,
    private readonly vertexShader: WebGLShader,
    private readonly corners: WebGLBuffer,
  ) {}

  static create(canvas: HTMLCanvasElement): WebGLSetup {
    const gl = canvas.getContext("webgl", { alpha: false, antialias: false, depth: false, stencil: false });
    if (!gl) return { ok: false, reason: "this browser offers no WebGL" };
    const high = gl.getShaderPrecisionFormat(gl.FRAGMENT_SHADER, gl.HIGH_FLOAT);
    if (!high || high.precision === 0)
      return { ok: false, reason: "this GPU has no 32-bit floats in fragment shaders" };
    const vertex = compileShader(gl, gl.VERTEX_SHADER, QUAD_VERTEX_SHADER);
    if (typeof vertex === "string") return { ok: false, reason: vertex };
    const corners = gl.createBuffer();
    if (!corners) return { ok: false, reason: "WebGL could not allocate a buffer" };
    gl.bindBuffer(gl.ARRAY_BUFFER, corners);
    gl.bufferData(gl.ARRAY_BUFFER, QUAD_CORNERS, gl.STATIC_DRAW);
    return { ok: true, renderer: new WebGLDomainRenderer(gl, vertex, corners) };
  }

  /** Makes f the function drawn; null if it compiled, else the driver's reason. */
  setFunction(f: ComplexGlsl): string | null {
    if (this.current?.expression === f.expression) return null;
    const { gl } = this;
    const fragment = compileShader(gl, gl.FRAGMENT_SHADER, domainColouringFragmentShader(f));
    if (typeof fragment === "string") return fragment;
    const program = gl.createProgram();
    if (!program) return "WebGL could not create a program";
    gl.attachShader(program, this.vertexShader);
    gl.attachShader(program, fragment);
    gl.linkProgram(program);
    gl.deleteShader(fragment);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
      const log = gl.getProgramInfoLog(program) ?? "unknown link error";
      gl.deleteProgram(program);
      return log;
    }
    if (this.current) gl.deleteProgram(this.current.program.program);
    const names = ["u_centre", "u_size", "u_unitsPerPixel", "u_modulusBands", "u_phaseLines"];
    f.parameters.forEach((_, k) => names.push(`u_param${k}`));
    const uniforms = new Map(names.map((name) => [name, gl.getUniformLocation(program, name)]));
    this.current = { expression: f.expression, program: { program, uniforms, parameterCount: f.parameters.length } };
    return null;
  }

  /** Draws the current function over the whole canvas (its backing size in device pixels). */
  draw(view: ComplexView, parameterValues: readonly number[], options: ColouringOptions): void {
    const { gl } = this;
    if (!this.current) return;
    const { program, uniforms, parameterCount } = this.current.program;
    const width = gl.drawingBufferWidth;
    const height = gl.drawingBufferHeight;
    gl.viewport(0, 0, width, height);
    gl.useProgram(program);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.corners);
    const corner = gl.getAttribLocation(program, "a_corner");
    gl.enableVertexAttribArray(corner);
    gl.vertexAttribPointer(corner, 2, gl.FLOAT, false, 0, 0);
    gl.uniform2f(uniforms.get("u_centre") ?? null, view.centreRe, view.centreIm);
    gl.uniform2f(uniforms.get("u_size") ?? null, width, height);
    gl.uniform1f(uniforms.get("u_unitsPerPixel") ?? null, (2 * view.halfWidth) / width);
    gl.uniform1f(uniforms.get("u_modulusBands") ?? null, options.modulusBands ? 1 : 0);
    gl.uniform1f(uniforms.get("u_phaseLines") ?? null, options.phaseLines ? 1 : 0);
    for (let k = 0; k < parameterCount; k += 1)
      gl.uniform1f(uniforms.get(`u_param${k}`) ?? null, parameterValues[k] ?? 0);
    gl.drawArrays(gl.TRIANGLES, 0, QUAD_CORNERS.length / 2);
  }

  isContextLost(): boolean {
    return this.gl.isContextLost();
  }
}

/** The compiled shader, or the driver's reason for refusing it. */
function compileShader(gl: WebGLRenderingContext, kind: number, source: string): WebGLShader | string {
  const shader = gl.createShader(kind);
  if (!shader) return "WebGL could not create a shader";
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (gl.getShaderParameter(shader, gl.COMPILE_STATUS)) return shader;
  const log = gl.getShaderInfoLog(shader) ?? "unknown compile error";
  gl.deleteShader(shader);
  return log;
}
