import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormTextField } from "./form-text-field";

const render = (element: ReactElement) => renderToStaticMarkup(element).replace(/<style[^>]*>.*?<\/style>/g, "");

describe("FormTextField", () => {
  it("shows its help while the server has no problem with its value", () => {
    const markup = render(<FormTextField name="title" label="Title" errors={{ summary: "Too long." }} help="Short." />);
    expect(markup).toContain('name="title"');
    expect(markup).toContain("Short.");
    expect(markup).not.toContain("Too long.");
    expect(markup).not.toContain('aria-invalid="true"');
  });

  it("shows the problem found under its name in place of its help, and marks itself invalid", () => {
    const markup = render(
      <FormTextField name="title" label="Title" errors={{ title: "Give a title." }} help="Short." />,
    );
    expect(markup).toContain("Give a title.");
    expect(markup).not.toContain("Short.");
    expect(markup).toContain('aria-invalid="true"');
  });
});
