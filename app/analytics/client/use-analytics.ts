import { useEffect, useRef, useState } from "react";
import { useLocation, useMatches } from "react-router";
import { signUpMethodOf } from "../sign-up-marker";
import type { AnalyticsControl } from "./analytics.client";
import { routePatternOf } from "./route-pattern";
import { setTrackedRoute, track } from "./track";

/**
 * The root's side of analytics: the route pattern every event carries, `page_view` on the first page
 * and each client navigation to another path, `sign_up` when a sign-up's redirect says so, and the
 * collector (analytics.client.ts) loaded after hydration, told whenever the account's switch changes.
 * `accountAllows` is the root loader's `analytics` flag (true for guests); `siteAllows` is the admins'
 * switch (features.analytics): while it is off the collector is not even loaded, and tracked events
 * wait in the facade's small memory queue, never sent.
 */
export function useAnalytics(accountAllows: boolean, siteAllows: boolean): void {
  const { pathname, hash } = useLocation();
  const params = useMatches().at(-1)?.params ?? {};
  // Set while rendering, so the page's own effects (which run before the root's) already track under
  // the new pattern. It is only ever the pattern of the location being rendered.
  setTrackedRoute(routePatternOf(pathname, params));

  const [control, setControl] = useState<AnalyticsControl | null>(null);
  useEffect(() => {
    if (!siteAllows || control) return;
    let cancelled = false;
    import("./analytics.client")
      .then(({ startAnalytics }) => !cancelled && setControl(startAnalytics(accountAllows)))
      // Without the module (a failed chunk, offline), events wait in the facade's memory: nothing breaks.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // The first value starts it; later values reach it through setAccountAllows below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [siteAllows]);
  // Switched off while the page is open: the loaded collector stops and deletes what it holds.
  useEffect(() => control?.setAccountAllows(accountAllows && siteAllows), [control, accountAllows, siteAllows]);

  const firstView = useRef(true);
  useEffect(() => {
    const props: { referrer?: string } = {};
    // Where the visitor came from: another site's host name, on the first page view only.
    if (firstView.current) {
      firstView.current = false;
      const referrer = hostOf(document.referrer);
      if (referrer && referrer !== location.hostname) props.referrer = referrer;
    }
    track("page_view", props);
  }, [pathname]);

  useEffect(() => {
    const method = signUpMethodOf(hash);
    if (!method) return;
    track("sign_up", { method });
    // The marker has done its work: a reload or a shared address must not count the sign-up again.
    history.replaceState(history.state, "", location.pathname + location.search);
  }, [hash]);
}

function hostOf(url: string): string | null {
  try {
    return url ? new URL(url).hostname : null;
  } catch {
    return null;
  }
}
