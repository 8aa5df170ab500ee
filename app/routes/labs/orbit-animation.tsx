import Paper from "@mui/material/Paper";
import { atomInputProblem } from "#core/numtheory/atom-model";
import { AtomExplorer } from "#app/components/lesson-widgets/atom/atom-explorer";
import { parseWholeNumber } from "#app/components/lesson-widgets/atom/whole-number-input";
import { Page } from "#app/components/page";
import type { Route } from "./+types/orbit-animation";

export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";

const DEFAULT_N = 2 ** 5 * 3 ** 3 * 5 ** 2 * 7;

export const meta: Route.MetaFunction = () => [{ title: "Orbit animation · Numberlab" }];

/** `?n=…` opens the page on that number, so a case worth checking can be shared as a link. */
export function loader({ request }: Route.LoaderArgs) {
  const n = parseWholeNumber(new URL(request.url).searchParams.get("n") ?? "");
  return { n: atomInputProblem(n) === null ? n : DEFAULT_N };
}

export default function OrbitLab({ loaderData }: Route.ComponentProps) {
  return (
    <Page
      title="Orbit animation"
      lead="The atom's animation with every control: speed, a step forward or back (a twenty-fourth of a turn of the inner orbit) and reset. It starts by itself unless reduced motion is asked for."
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <AtomExplorer key={loaderData.n} initialN={loaderData.n} maxWidth={560} fullControls />
      </Paper>
    </Page>
  );
}
