import { Page } from "../../components/page";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = () => [{ title: "privacy-policy · Numberlab" }];

export default function Screen() {
  return <Page title="privacy-policy" />;
}
