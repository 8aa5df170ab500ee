import { FourierSquareWave } from "#app/components/sine-labs/fourier-square-wave";
import { Page } from "#app/components/page";
import type { Route } from "./+types/fourier-square-wave";

export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";

export const meta: Route.MetaFunction = () => [{ title: "Sums of sines: a square wave · Numberlab" }];

export default function Sin2Lab() {
  return (
    <Page
      title="Sums of sines: building a square wave"
      lead="Add odd harmonics sin(3x)/3, sin(5x)/5, … to sin x and a square wave appears, with a stubborn overshoot at every jump."
      maxWidth="lg"
    >
      <FourierSquareWave />
    </Page>
  );
}
