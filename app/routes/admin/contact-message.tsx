import { Page } from "#app/components/page";
import type { Route } from "./+types/contact-message";

export const meta: Route.MetaFunction = () => [{ title: "Message · Numberlab" }];

export default function WorkInProgress() {
  return <Page title="Message" lead="One message of the inbox." />;
}
