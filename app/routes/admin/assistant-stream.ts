import { data } from "react-router";

/** The assistant's streamed answers (server-sent events), built with the content assistant. */
export function action() {
  throw data({ message: "Not available yet" }, { status: 503 });
}
