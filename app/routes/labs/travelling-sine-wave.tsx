import { SineWave } from "#app/components/sine-labs/sine-wave";
import { Page } from "#app/components/page";
import type { Route } from "./+types/travelling-sine-wave";

export const meta: Route.MetaFunction = () => [{ title: "A travelling sine wave · Numberlab" }];

export default function SinWaveLab() {
  return (
    <Page
      title="A travelling sine wave"
      lead="y = A sin(k(x − vt)) moves to the right as time runs. Add a copy running left and the two make a standing wave."
      maxWidth="lg"
    >
      <SineWave />
    </Page>
  );
}
