import { FormulaPalette } from "#app/components/lesson/formula-palette";
import { MathInputField } from "#app/components/lesson/math-input-field";
import { Scratchpad } from "#app/components/lesson/scratchpad";
import { mathInputStylesheets } from "#app/components/math/math-stylesheets";
import { Page } from "#app/components/page";
import type { Route } from "./+types/formula-scratchpad-palette";

export const links: Route.LinksFunction = mathInputStylesheets;

export const meta: Route.MetaFunction = () => [
  { title: "Formula scratchpad with palette · Numberlab" },
  {
    name: "description",
    content: "A Markdown and formula scratchpad with a formula palette and a maths input field, kept in your browser.",
  },
];

function FormulaTools({ insert }: { insert: (before: string, after?: string) => void }) {
  return (
    <>
      <MathInputField insert={insert} />
      <FormulaPalette insert={insert} />
    </>
  );
}

export default function Editor2() {
  return (
    <Page
      title="Formula scratchpad with palette"
      lead="Build formulas with the palette or type them in the maths input, then see them typeset as the lessons show them. Your text stays in this browser."
      maxWidth="xl"
    >
      <Scratchpad storageKey="numberlab.editor2.draft" Tools={FormulaTools} />
    </Page>
  );
}
