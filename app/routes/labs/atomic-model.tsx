import Paper from "@mui/material/Paper";
import { atomInputProblem } from "#core/numtheory/atom-model";
import { AtomExplorer } from "#app/components/lesson-widgets/atom/atom-explorer";
import { parseWholeNumber } from "#app/components/lesson-widgets/atom/whole-number-input";
import { Page } from "#app/components/page";
import type { Route } from "./+types/atomic-model";

export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";

const DEFAULT_N = 360;

export const meta: Route.MetaFunction = () => [{ title: "Atomic model of a number · Numberlab" }];

/** `?n=…` opens the page on that number, so a case worth checking can be shared as a link. */
export function loader({ request }: Route.LoaderArgs) {
  const n = parseWholeNumber(new URL(request.url).searchParams.get("n") ?? "");
  return { n: atomInputProblem(n) === null ? n : DEFAULT_N };
}

export default function AtomLab({ loaderData }: Route.ComponentProps) {
  return (
    <Page
      title="Atomic model of a number"
      lead="The lesson widget at full size: n in the nucleus, one orbit per prime, one particle per unit of its exponent. Try primes, prime powers and numbers with many primes, up to 10¹²."
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <AtomExplorer key={loaderData.n} initialN={loaderData.n} maxWidth={720} />
      </Paper>
    </Page>
  );
}
