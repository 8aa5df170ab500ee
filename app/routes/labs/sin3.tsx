import { UnitCircleSine } from "../../components/sine-labs/unit-circle-sine";
import { Page } from "../../components/page";
import type { Route } from "./+types/sin3";

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
