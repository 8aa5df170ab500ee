import { data } from "react-router";
import { Page } from "../components/page";
import { findUpcomingPage } from "../upcoming-pages";
import type { Route } from "./+types/upcoming-page";

/** A page of the route table whose feature is still being built: its title and purpose. */
export function loader({ request }: Route.LoaderArgs) {
  const page = findUpcomingPage(new URL(request.url).pathname);
  if (!page) throw data({ message: "Page Not Found" }, { status: 404 });
  return { title: page.title, purpose: page.purpose };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Numberlab"} · Numberlab` },
  { name: "description", content: loaderData?.purpose },
];

export default function UpcomingPage({ loaderData }: Route.ComponentProps) {
  return <Page title={loaderData.title} lead={loaderData.purpose} />;
}
