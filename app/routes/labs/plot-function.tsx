import { Plotter } from "#app/components/math/plot/plotter";
import { DEFAULT_VIEW, sharedPlot, type PlotState } from "#app/components/math/plot/plot-state";
import { Page } from "#app/components/page";
import type { Route } from "./+types/plot-function";

export const meta: Route.MetaFunction = () => [{ title: "Plot y = f(x) · Numberlab" }];

const EXAMPLE: PlotState = {
  entries: [{ text: "y = x^3 - 3x", visible: true }],
  view: DEFAULT_VIEW,
  sliders: [],
  piTicks: false,
};

/** A shared plot (`?f=sin(x)&view=…`) is rendered by the server, so the link opens on it. */
export function loader({ request }: Route.LoaderArgs) {
  return { shared: sharedPlot(request.url, EXAMPLE) };
}

export default function PlotFunction({ loaderData }: Route.ComponentProps) {
  return (
    <Page
      title="Plot y = f(x)"
      lead="Type a function of x. Its roots, extrema and asymptotes are marked and listed under the plot."
      maxWidth="xl"
    >
      <Plotter initial={EXAMPLE} shared={loaderData.shared} storageKey="numberlab.plot.function" />
    </Page>
  );
}
