import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SiteNotice } from "#app/settings/site-notice";
import { SiteNoticeBanner } from "./site-notice-banner";

const NOTICE: SiteNotice = {
  key: "abcDEF123_-xyz00",
  text: "Maintenance tonight <18:00 UTC>.",
  level: "warning",
  until: null,
};

/** The server's rendering, without the style sheets MUI writes inline. */
const render = (notice: SiteNotice) =>
  renderToStaticMarkup(<SiteNoticeBanner notice={notice} nonce="n0nce" />).replace(/<style[^>]*>.*?<\/style>/g, "");

describe("the maintenance banner", () => {
  it("is rendered on the server, with or without an end, as a note in a labelled landmark", () => {
    for (const until of [null, "2999-01-01T00:00:00.000Z"]) {
      const html = render({ ...NOTICE, until });
      expect(html, String(until)).toMatch(/<aside [^>]*id="site-notice" aria-label="Site notice"/);
      expect(html).toContain('role="note"');
      // Not a live region: it is there when the page loads.
      expect(html).not.toMatch(/role="(alert|status)"|aria-live/);
      // The level in words for screen readers, and the text as plain text.
      expect(html).toContain("Warning: </span>Maintenance tonight &lt;18:00 UTC&gt;.");
    }
  });

  it("hides itself before the first paint when this session dismissed this very banner", () => {
    const html = render(NOTICE);
    expect(html).toContain(
      '<script nonce="n0nce">try{if(sessionStorage.getItem("numberlab:notice-dismissed")==="abcDEF123_-xyz00")document.getElementById("site-notice").hidden=true}catch(e){}</script>',
    );
  });

  it("has no dismiss button until the page runs", () => {
    expect(render(NOTICE)).not.toContain("Dismiss this notice");
  });

  it("names each level", () => {
    expect(render({ ...NOTICE, level: "info" })).toContain("Information: </span>");
    expect(render({ ...NOTICE, level: "error" })).toContain("Important: </span>");
  });
});
