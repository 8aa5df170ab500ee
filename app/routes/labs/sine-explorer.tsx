import { SineExplorer } from "#app/components/sine-labs/sine-explorer";
import { Page } from "#app/components/page";
import type { Route } from "./+types/sine-explorer";

export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";

export const meta: Route.MetaFunction = () => [{ title: "Sine: amplitude, frequency and phase · Numberlab" }];

export default function SinLab() {
  return (
    <Page
      title="Sine: amplitude, frequency and phase"
      lead="Three numbers shape every sine wave y = A sin(ωx + φ). Move them one at a time and watch what each changes."
      maxWidth="lg"
    >
      <SineExplorer />
    </Page>
  );
}
