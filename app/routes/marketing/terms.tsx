import { Page } from "../../components/page";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => [{ title: "terms · Numberlab" }];

export default function Screen() {
  return <Page title="terms" />;
}
