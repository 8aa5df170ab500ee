import { describe, expect, it } from "vitest";
import { renderWidget, visibleText } from "../render-widget.test-helpers";
import Atom from "./atom";
import { attributes } from "./params";

const render = (n: number) => renderWidget(<Atom n={n} />);

describe("Atom widget", () => {
  it("renders 360 on the server: the field, the controls, the particles and the sentence", () => {
    const html = render(360);
    const text = visibleText(html);
    expect(html).toContain('value="360"');
    expect(text).toContain("Number n");
    expect(text).toContain("Play");
    expect(text).toContain("Step");
    expect(text).toContain(
      "360 = 2³ · 3² · 5: three orbits. The orbit of 2 carries 3 particles, the orbit of 3 carries 2 particles " +
        "and the orbit of 5 carries 1 particle; 6 particles in all.",
    );
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-live="polite"');
    // Six particles: three labelled 2, two labelled 3, one labelled 5.
    const labels = [...html.matchAll(/class="particle[^"]*"[^>]*>.*?<text[^>]*>(\d+)<\/text>/g)].map((m) => m[1]);
    expect(labels.sort()).toEqual(["2", "2", "2", "3", "3", "5"]);
  });

  it("renders a large prime as a single orbit", () => {
    const text = visibleText(render(999_999_999_989));
    expect(text).toContain("999999999989 is prime: one orbit, the orbit of 999999999989, carrying 1 particle.");
  });

  it("takes n from 2 to 10^12, 360 by default", () => {
    expect(attributes.parse({})).toEqual({ n: 360 });
    expect(attributes.parse({ n: "1000000000000" })).toEqual({ n: 1_000_000_000_000 });
    expect(attributes.safeParse({ n: "1" }).success).toBe(false);
    expect(attributes.safeParse({ n: "1000000000001" }).success).toBe(false);
    expect(attributes.safeParse({ m: "5" }).success).toBe(false);
  });
});
