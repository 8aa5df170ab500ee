import { Plotter } from "#app/components/math/plot/plotter";
import { DEFAULT_VIEW, sharedPlot, type PlotState } from "#app/components/math/plot/plot-state";
import { Page } from "#app/components/page";
import type { Route } from "./+types/plot-formula";

export const meta: Route.MetaFunction = () => [
  { title: "Plot Formula · Numberlab" },
  {
    name: "description",
    content:
      "Plot formulas as you type them: graphs, implicit curves, inequalities, parametric and polar curves, with sliders for every parameter.",
  },
];

/** The example a first visit shows: a graph, a family with sliders, and an implicit curve. */
const EXAMPLE: PlotState = {
  entries: [
    { text: "sin(x)", visible: true },
    { text: "y = a(x - b)^2", visible: true },
    { text: "x^2 + y^2 = 16", visible: true },
  ],
  view: DEFAULT_VIEW,
  sliders: [
    { name: "a", value: 0.5, min: -2, max: 2, step: 0.1 },
    { name: "b", value: 1, min: -5, max: 5, step: 0.1 },
  ],
  piTicks: false,
};

/** A shared plot (`?f=sin(x)&view=…`) is rendered by the server, so the link opens on it. */
export function loader({ request }: Route.LoaderArgs) {
  return { shared: sharedPlot(request.url, EXAMPLE) };
}

export default function PlotFormula({ loaderData }: Route.ComponentProps) {
  return (
    <Page
      title="Plot Formula"
      lead="Type formulas as you would write them: y = x^2, x = y^2, r = 1 + cos(θ), (cos(t), sin(3t)), x^2 + y^2 < 9, {x < 0: -x, x}. Letters other than x and y become sliders."
      maxWidth="xl"
    >
      <Plotter initial={EXAMPLE} shared={loaderData.shared} storageKey="numberlab.plot.formula" />
    </Page>
  );
}
