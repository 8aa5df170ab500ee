import { describe, expect, it } from "vitest";
import { renderWidget, visibleText } from "../render-widget.test-helpers";
import { attributes, type Attributes } from "./params";
import Sieve from "./sieve";

const render = (props: Attributes) => renderWidget(<Sieve {...props} />);

describe("Sieve widget", () => {
  it("renders the untouched grid of 1 … 100 with its labelled controls on the server", () => {
    const html = render({ limit: 100, speed: "medium" });
    const text = visibleText(html);
    for (const label of ["Sieve up to", "Speed", "Play", "Step", "Next prime", "Reset"]) expect(text).toContain(label);
    expect(html).toContain('value="100"');
    expect(text).toContain("Every number from 2 to 100 is still standing; 1 is not prime, so it is left out.");
    expect(text).toContain("Step 0 of");
    expect(text).toContain("Primes so far: none yet. Crossed out so far: 0 of the 99 numbers from 2 to 100.");
    const cells = [...html.matchAll(/<text[^>]*>(\d+)<\/text>/g)].map((m) => Number(m[1]));
    expect(cells).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(html).not.toContain('class="crossed');
    expect(html).toContain('aria-label="Numbers 1 to 100 in rows of 10: 0 known primes, 0 crossed out"');
    expect(html.match(/aria-live="polite"/g)?.length).toBe(2);
  });

  it("lays out larger limits twenty to a row", () => {
    const html = render({ limit: 400, speed: "fast" });
    expect(html).toContain('viewBox="0 0 800 800"');
    // The legend names the primes that will cross numbers out: those with p² ≤ 400.
    expect(visibleText(html)).toMatch(/first\. 2 3 5 7 11 13 17 19 Primes so far/);
  });

  it("takes limits from 10 to 400 and three speeds", () => {
    expect(attributes.parse({})).toEqual({ limit: 100, speed: "medium" });
    expect(attributes.parse({ limit: "400", speed: "slow" })).toEqual({ limit: 400, speed: "slow" });
    expect(attributes.safeParse({ limit: "9" }).success).toBe(false);
    expect(attributes.safeParse({ limit: "401" }).success).toBe(false);
    expect(attributes.safeParse({ speed: "warp" }).success).toBe(false);
  });
});
