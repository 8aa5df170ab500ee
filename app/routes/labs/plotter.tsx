import { Plotter } from "#app/components/math/plot/plotter";
import { DEFAULT_VIEW, sharedPlot, type PlotState } from "#app/components/math/plot/plot-state";
import { Page } from "#app/components/page";
import type { Route } from "./+types/plotter";

export const meta: Route.MetaFunction = () => [{ title: "Plotter · Numberlab" }];

const EXAMPLE: PlotState = {
  entries: [
    { text: "tan(x)", visible: true },
    { text: "floor(x)", visible: true },
    { text: "r = 1 + 2cos(θ)", visible: true },
    { text: "y < sin(x) + a", visible: true },
  ],
  view: DEFAULT_VIEW,
  sliders: [{ name: "a", value: 0, min: -3, max: 3, step: 0.1 }],
  piTicks: true,
};

/** The plotter loaded with the sampler's hard cases: poles, jumps, a polar curve and a shaded region. */
/** A shared plot (`?f=sin(x)&view=…`) is rendered by the server, so the link opens on it. */
export function loader({ request }: Route.LoaderArgs) {
  return { shared: sharedPlot(request.url, EXAMPLE) };
}

export default function PlotterLab({ loaderData }: Route.ComponentProps) {
  return (
    <Page
      title="Plotter"
      lead="The plotter with its hard cases loaded: asymptotes, jumps with open and closed dots, a polar curve and a shaded inequality."
      maxWidth="xl"
    >
      <Plotter initial={EXAMPLE} shared={loaderData.shared} storageKey="numberlab.plot.admin" />
    </Page>
  );
}
