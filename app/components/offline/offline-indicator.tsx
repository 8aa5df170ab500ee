import CloudOffIcon from "@mui/icons-material/CloudOff";
import Box from "@mui/material/Box";
import type { Theme } from "@mui/material/styles";
import { useOnline } from "#app/offline/connectivity";
import { visuallyHidden } from "../visually-hidden";

/** On a phone the word is for screen readers only: the header has no room for it beside "Log in". */
const hiddenOnPhones = (theme: Theme) => ({
  [theme.breakpoints.down("sm")]: visuallyHidden,
});

/**
 * "Offline" in the header while the browser has no network. The live region is always there, so its
 * change is announced; it is a plain polite region rather than a `status`, so the one status a page
 * reports about its own form stays the page's. The badge inverts the header's colours, readable in
 * both schemes.
 */
export function OfflineIndicator() {
  const online = useOnline();
  return (
    <Box aria-live="polite" aria-atomic="true" sx={{ display: "flex", flexShrink: 0 }}>
      {!online && (
        <Box
          title="Offline: tools and saved pages still work"
          sx={{
            display: "inline-flex",
            alignItems: "center",
            gap: 0.5,
            px: { xs: 0.75, sm: 1 },
            py: 0.25,
            borderRadius: 4,
            bgcolor: "text.primary",
            color: "background.paper",
            fontSize: "0.8125rem",
            fontWeight: 600,
            lineHeight: 1.5,
          }}
        >
          <CloudOffIcon sx={{ fontSize: "1.125rem" }} aria-hidden />
          <Box component="span" sx={hiddenOnPhones}>
            Offline
          </Box>
        </Box>
      )}
    </Box>
  );
}
