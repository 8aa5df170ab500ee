import { Page } from "#app/components/page";
import type { Route } from "./+types/todo";

export const meta: Route.MetaFunction = () => [{ title: "Todo · Numberlab" }];

export default function WorkInProgress() {
  return <Page title="Todo" lead="The team's todo list." />;
}
