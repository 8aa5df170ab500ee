import { Scratchpad } from "#app/components/lesson/scratchpad";
import { Page } from "#app/components/page";
import type { Route } from "./+types/formula-scratchpad";

export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";

export const meta: Route.MetaFunction = () => [
  { title: "Formula scratchpad · Numberlab" },
  {
    name: "description",
    content: "Write Markdown with formulas and see it typeset as you type, exactly as lessons show it.",
  },
];

export default function Editor() {
  return (
    <Page
      title="Formula scratchpad"
      lead="Write Markdown with formulas ($…$ or \(…\) inline, $$…$$ or \[…\] on their own line) and see it typeset as the lessons show it. Your text stays in this browser."
      maxWidth="xl"
    >
      <Scratchpad storageKey="numberlab.editor.draft" />
    </Page>
  );
}
