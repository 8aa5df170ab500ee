import { katexStylesheet } from "#app/components/math/katex-stylesheet";
import { Page } from "#app/components/page";
import { ContourLab } from "#app/components/plot-labs/contour-lab";
import type { Route } from "./+types/contour-plots";

export const links: Route.LinksFunction = () => katexStylesheet();

export const meta: Route.MetaFunction = () => [{ title: "Contour plots · Numberlab" }];

export default function Plotly2Lab() {
  return (
    <Page
      title="Contour plots"
      lead="The level lines of f(x, y), where the function keeps one value: filled, over a heat map, or alone. The heart is the level 0 of (x² + y² − 1)³ − x²y³."
      maxWidth="lg"
    >
      <ContourLab />
    </Page>
  );
}
