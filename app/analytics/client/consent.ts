/** One of the browser's privacy signals, wherever it sits (the DOM types know only some of them). */
const signal = (from: object, name: string): unknown => (from as Record<string, unknown>)[name];

/**
 * Whether this browser may count this visit: not when it sends Do Not Track (`navigator.doNotTrack`,
 * or `window.doNotTrack` in old Safari and Internet Explorer: "1"; old Firefox said "yes"), nor Global
 * Privacy Control (`navigator.globalPrivacyControl`), nor when the signed-in account switched analytics off.
 */
export function analyticsAllowed(navigator: object, window: object, accountAllows: boolean): boolean {
  const doNotTrack = [signal(navigator, "doNotTrack"), signal(window, "doNotTrack")].some(
    (value) => value === "1" || value === "yes",
  );
  return accountAllows && !doNotTrack && signal(navigator, "globalPrivacyControl") !== true;
}
