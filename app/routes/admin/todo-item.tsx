import { Page } from "#app/components/page";
import type { Route } from "./+types/todo-item";

export const meta: Route.MetaFunction = () => [{ title: "Todo item · Numberlab" }];

export default function WorkInProgress() {
  return <Page title="Todo item" lead="One item of the team's todo list." />;
}
