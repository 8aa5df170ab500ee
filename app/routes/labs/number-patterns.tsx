import { NumberPatterns } from "#app/components/plot-labs/number-patterns";
import { Page } from "#app/components/page";
import type { Route } from "./+types/number-patterns";

export const meta: Route.MetaFunction = () => [
  { title: "Animated number patterns · Numberlab" },
  {
    name: "description",
    content:
      "The modular times-table circle, whose chords morph from a cardioid to a nephroid and beyond, and the powers of a number mod n walking round a circle.",
  },
];

export default function AnimeLab() {
  return (
    <Page
      title="Animated number patterns"
      lead="Multiplication on a circle of remainders: watch a times table bend into a cardioid, then a nephroid, and powers walk round the circle until they come back."
      maxWidth="lg"
    >
      <NumberPatterns />
    </Page>
  );
}
