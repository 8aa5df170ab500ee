import { Page } from "#app/components/page";
import type { Route } from "./+types/formula-gallery";

export const meta: Route.MetaFunction = () => [{ title: "Formula gallery · Numberlab" }];

export default function WorkInProgress() {
  return (
    <Page
      title="Formula gallery"
      lead="A gallery of typeset formulas to check that every delimiter and construct renders."
    />
  );
}
