import { PlotRecorder } from "#app/components/plot-video/plot-recorder";
import { Page } from "#app/components/page";
import type { Route } from "./+types/plot-video";

export const meta: Route.MetaFunction = () => [{ title: "Make a video of a plot · Numberlab" }];

export default function MakeVideo() {
  return (
    <Page
      title="Make a video of a plot"
      lead="Record an animated plot straight from the page to a WebM video: choose the curve and the length, press Record, then watch or download it."
      maxWidth="lg"
    >
      <PlotRecorder />
    </Page>
  );
}
