import { Page } from "#app/components/page";
import type { Route } from "./+types/assistant";

export const meta: Route.MetaFunction = () => [{ title: "Content assistant · Numberlab" }];

export default function WorkInProgress() {
  return (
    <Page
      title="Content assistant"
      lead="Draft lesson or quiz text with an OpenAI-compatible model, when one is configured."
    />
  );
}
