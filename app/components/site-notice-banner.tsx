import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { SiteNotice } from "#app/settings/site-notice";
import { useHydrated } from "./analytics/use-hydrated";
import { visuallyHidden } from "./visually-hidden";

/** Where a dismissal is kept: for this tab's session, and for this banner only (its key). */
const DISMISSED_STORAGE_KEY = "numberlab:notice-dismissed";
const ELEMENT_ID = "site-notice";
/** The level in words, for screen readers (the icon says it to the eye). */
const LEVEL_WORDS: Record<SiteNotice["level"], string> = {
  info: "Information",
  warning: "Warning",
  error: "Important",
};
/** setTimeout's longest delay; a banner ending later is taken down by the next page load instead. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Another tab's dismissal is not followed: it holds for that tab's session. */
const noChanges = () => () => undefined;

function dismissedKey(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The maintenance banner above the header, on every page while it is up (docs/settings.md). A note,
 * not a live region: it is there when the page loads. A visitor may dismiss it for the rest of the
 * session; a different banner (other words or times) shows again. It takes itself down at its end.
 */
export function SiteNoticeBanner({ notice, nonce }: { notice: SiteNotice; nonce: string }) {
  const hydrated = useHydrated();
  // The dismissal kept for this session, read once the page runs (the server cannot see it).
  const storedDismissal = useSyncExternalStore(noChanges, dismissedKey, () => null);
  const [dismissedNow, setDismissedNow] = useState<string | null>(null);
  // The end this banner reached on this page; another banner (another end) shows again.
  const [endedAt, setEndedAt] = useState<string | null>(null);
  useEffect(() => {
    const until = notice.until;
    if (until === null) return;
    const left = Date.parse(until) - Date.now();
    if (left > MAX_TIMEOUT_MS) return;
    const timer = setTimeout(() => setEndedAt(until), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [notice.until]);

  const ended = notice.until !== null && endedAt === notice.until;
  if (ended || storedDismissal === notice.key || dismissedNow === notice.key) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_STORAGE_KEY, notice.key);
    } catch {
      // Storage refused: it is dismissed on this page only.
    }
    setDismissedNow(notice.key);
  };
  return (
    <>
      <Box
        component="aside"
        id={ELEMENT_ID}
        aria-label="Site notice"
        suppressHydrationWarning
        sx={{ displayPrint: "none" }}
      >
        <Alert
          severity={notice.level}
          role="note"
          // The button works once React runs; before that (or without scripts) there is none to press.
          onClose={hydrated ? dismiss : undefined}
          closeText="Dismiss this notice"
          sx={{ borderRadius: 0, px: { xs: 2, sm: 3 }, "& .MuiAlert-message": { overflowWrap: "anywhere" } }}
        >
          <Box component="span" sx={visuallyHidden}>
            {`${LEVEL_WORDS[notice.level]}: `}
          </Box>
          {notice.text}
        </Alert>
      </Box>
      {/* Hides a dismissed banner before the first paint, so it does not flash on every page load. */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{
          __html: `try{if(sessionStorage.getItem(${JSON.stringify(DISMISSED_STORAGE_KEY)})===${JSON.stringify(notice.key)})document.getElementById(${JSON.stringify(ELEMENT_ID)}).hidden=true}catch(e){}`,
        }}
      />
    </>
  );
}
