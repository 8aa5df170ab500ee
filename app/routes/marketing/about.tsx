import { Page } from "../../components/page";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () => [{ title: "about · Numberlab" }];

export default function Screen() {
  return <Page title="about" />;
}
