import { redirect } from "react-router";

/**
 * /success is only for visitors the payment provider sends back with a valid
 * checkout reference. Until checkouts exist (subscription issue) no reference
 * can be valid, so every visitor goes to /subscribe, as SPEC.md §2 requires.
 */
export function loader() {
  return redirect("/subscribe");
}
