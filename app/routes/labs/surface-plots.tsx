import { katexStylesheet } from "#app/components/math/katex-stylesheet";
import { Page } from "#app/components/page";
import { SurfaceLab } from "#app/components/plot-labs/surface-lab";
import type { Route } from "./+types/surface-plots";

export const links: Route.LinksFunction = () => katexStylesheet();

export const meta: Route.MetaFunction = () => [{ title: "3-D surfaces · Numberlab" }];

export default function PlotlyLab() {
  return (
    <Page
      title="3-D surfaces"
      lead="Type z = f(x, y) and turn its surface in three dimensions: saddles, bowls, ripples. Points where f is undefined are left as holes."
      maxWidth="lg"
    >
      <SurfaceLab />
    </Page>
  );
}
