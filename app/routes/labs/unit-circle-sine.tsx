import { UnitCircleSine } from "#app/components/sine-labs/unit-circle-sine";
import { Page } from "#app/components/page";
import type { Route } from "./+types/unit-circle-sine";

export const meta: Route.MetaFunction = () => [{ title: "From the unit circle to the sine · Numberlab" }];

export default function Sin3Lab() {
  return (
    <Page
      title="From the unit circle to the sine"
      lead="A point turns around the circle of radius 1. Its height, plotted against the angle it has turned, is the sine curve."
      maxWidth="lg"
    >
      <UnitCircleSine />
    </Page>
  );
}
