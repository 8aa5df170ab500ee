// @vitest-environment happy-dom
import katex from "katex";
import { act } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, expect, test } from "vitest";
import { typesetForPage } from "#app/markdown/typeset-formula";
import { Formula, FormulaTypesetter, loadFormulaTypesetter } from "./formula";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const typeset = (tex: string) => katex.renderToString(tex, { output: "htmlAndMathml", throwOnError: false });

afterEach(() => {
  document.body.innerHTML = "";
  delete document.documentElement.dataset.hydrated;
});

test("the server typesets with the typesetter it is given: MathML alone where it suffices, else KaTeX's HTML too", () => {
  const render = (tex: string) =>
    renderToString(
      <FormulaTypesetter value={typesetForPage}>
        <Formula tex={tex} />
      </FormulaTypesetter>,
    );
  const plain = render("a^2 + b^2");
  expect(plain).toMatch(
    /^<span class="MuiBox-root [\w-]+"><span class="katex"><math><semantics><mrow><msup><mi>a<\/mi>/,
  );
  expect(plain).not.toContain("katex-html");
  // A root needs KaTeX's drawing (MathML Core would draw it with a font that has no MATH table).
  const root = render("\\sqrt{2}");
  expect(root).toContain('class="katex-html"');
  expect(root).toContain("<math");
});

test("hydrating keeps the server's formula without KaTeX; a changed formula is typeset once KaTeX has come", async () => {
  const container = document.createElement("div");
  container.innerHTML = `<span class="MuiBox-root css-0">${typeset("x + 1")}</span>`;
  document.body.append(container);
  const serverNode = container.querySelector(".katex");
  let root!: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(container, <Formula tex="x + 1" />);
  });
  expect(container.querySelector(".katex")).toBe(serverNode);
  document.documentElement.dataset.hydrated = "";

  await loadFormulaTypesetter();
  await act(async () => root.render(<Formula tex="x + 2" />));
  expect(container.firstElementChild!.innerHTML).toBe(typeset("x + 2"));
  // Back to the first formula: typeset again, not left empty.
  await act(async () => root.render(<Formula tex="x + 1" />));
  expect(container.firstElementChild!.innerHTML).toBe(typeset("x + 1"));
});

test("a formula first rendered in the browser is typeset when KaTeX is there", async () => {
  document.documentElement.dataset.hydrated = "";
  const container = document.createElement("div");
  document.body.append(container);
  await act(async () => createRoot(container).render(<Formula tex={"\\frac{1}{7}"} display />));
  await act(async () => {
    await loadFormulaTypesetter();
  });
  expect(container.firstElementChild!.tagName).toBe("DIV");
  expect(container.firstElementChild!.innerHTML).toBe(
    katex.renderToString("\\frac{1}{7}", { output: "htmlAndMathml", throwOnError: false, displayMode: true }),
  );
});
