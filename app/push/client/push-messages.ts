import type { BrowserPushState, TurnOnOutcome } from "./push-device";

/** How to allow notifications again once the browser blocks them: only the learner can, in the browser. */
export const BLOCKED_HELP =
  "Notifications are blocked for Numberlab in this browser, so nothing was stored. To allow them, open the site " +
  "settings from the icon at the left of the address bar (a padlock or sliders), set Notifications to Allow, " +
  "reload the page and press the button again.";

export const UNSUPPORTED_HELP =
  "This browser cannot receive notifications from websites here (it has no Push API or no service worker, e.g. in " +
  "a private window). A current Chrome, Edge, Firefox or Safari can; on an iPhone, add Numberlab to the Home Screen first.";

export const DISMISSED_HELP = "You closed the browser's question without answering, so nothing changed.";

/** The words shown after a "turn on" button, as an MUI Alert's severity and text. */
export function turnOnFeedback(
  outcome: TurnOnOutcome,
  success: string,
): { severity: "success" | "info" | "warning" | "error"; text: string } {
  switch (outcome.status) {
    case "on":
      return { severity: "success", text: success };
    case "blocked":
      return { severity: "warning", text: BLOCKED_HELP };
    case "unsupported":
      return { severity: "info", text: UNSUPPORTED_HELP };
    case "dismissed":
      return { severity: "info", text: DISMISSED_HELP };
    case "failed":
      return { severity: "error", text: `Notifications could not be turned on: ${outcome.message}` };
  }
}

/** What the browser state alone says before any button is pressed (the profile's "this browser"). */
export function browserStateText(state: BrowserPushState): string | null {
  switch (state) {
    case "blocked":
      return BLOCKED_HELP;
    case "unsupported":
      return UNSUPPORTED_HELP;
    default:
      return null;
  }
}
