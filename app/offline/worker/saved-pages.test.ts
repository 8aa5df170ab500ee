import { describe, expect, it } from "vitest";
import {
  decodeHtmlText,
  NO_SAVED_PAGES_TEXT,
  SAVED_PAGES_END,
  SAVED_PAGES_START,
  savedPagesHtml,
  titleOfPage,
  withSavedPages,
} from "./saved-pages";

describe("titleOfPage", () => {
  it("reads the first title, decoding the entities React writes", () => {
    expect(titleOfPage("<html><head><title>Divisors &amp; multiples</title></head>")).toBe("Divisors & multiples");
    expect(titleOfPage("<title>It&#x27;s &lt;prime&gt; &#8212; &quot;7&quot;</title>")).toBe(`It's <prime> — "7"`);
    expect(titleOfPage("<title>\n  Spaced\n  out </title>")).toBe("Spaced out");
  });

  it("leaves out the site's name, except from the home page, which is just that", () => {
    expect(titleOfPage("<title>Divisors · Numberlab</title>")).toBe("Divisors");
    expect(titleOfPage("<title>Numberlab</title>")).toBe("Numberlab");
  });

  it("is null for a page without a title or with an empty one", () => {
    expect(titleOfPage("<html><body>no title</body></html>")).toBeNull();
    expect(titleOfPage("<title>  </title>")).toBeNull();
  });

  it("leaves unknown or out-of-range entities as they are", () => {
    expect(decodeHtmlText("&bogus; &#0; &#x110000;")).toBe("&bogus; &#0; &#x110000;");
  });
});

describe("the offline page's list of saved pages", () => {
  it("links each page under its title, escaped", () => {
    const html = savedPagesHtml([
      { path: "/chapter/divisors", title: "Divisors · Numberlab" },
      { path: "/chapter/x?a=1&b=2", title: `<script>alert("x")</script>` },
    ]);
    expect(html).toBe(
      '<ul class="pages"><li><a href="/chapter/divisors">Divisors · Numberlab</a></li>' +
        '<li><a href="/chapter/x?a=1&amp;b=2">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</a></li></ul>',
    );
  });

  it("says so when nothing is saved", () => {
    expect(savedPagesHtml([])).toBe(`<p>${NO_SAVED_PAGES_TEXT}</p>`);
  });

  it("replaces only the marked region of the page", () => {
    const page = `<main><h2>Saved</h2>${SAVED_PAGES_START}<p>default</p>${SAVED_PAGES_END}<footer>f</footer></main>`;
    expect(withSavedPages(page, [{ path: "/a", title: "A" }])).toBe(
      `<main><h2>Saved</h2>${SAVED_PAGES_START}<ul class="pages"><li><a href="/a">A</a></li></ul>${SAVED_PAGES_END}<footer>f</footer></main>`,
    );
    expect(withSavedPages("<main>no markers</main>", [{ path: "/a", title: "A" }])).toBe("<main>no markers</main>");
  });
});
