import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";

/** The icon the service worker shows with every notification (app/workers/service-worker.ts). */
export const NOTIFICATION_ICON = "/icons/icon-192.png";

interface NotificationPreviewProps {
  title: string;
  body: string;
  /** The path a click opens. */
  url: string;
  /** The site's name and host, as the browser names the sender. */
  siteName: string;
  host: string;
  /** Names the figure, e.g. "Preview". */
  caption: string;
}

/**
 * A notification as a desktop browser draws it: the site's icon and name, the title, at most three
 * lines of the body, and where a click leads. The browser decides the real look; this shows what
 * the learner will read and how long it is.
 */
export function NotificationPreview({ title, body, url, siteName, host, caption }: NotificationPreviewProps) {
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {caption}
      </Typography>
      <Paper
        elevation={6}
        sx={{ p: 1.5, borderRadius: 3, maxWidth: 380, bgcolor: "background.paper", overflowWrap: "anywhere" }}
      >
        <Stack direction="row" spacing={0.75} sx={{ alignItems: "center", mb: 1 }}>
          <Box component="img" src={NOTIFICATION_ICON} alt="" sx={{ width: 16, height: 16, borderRadius: 0.5 }} />
          <Typography variant="caption" color="text.secondary" noWrap>
            {siteName} · {host}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "flex-start" }}>
          <Box
            component="img"
            src={NOTIFICATION_ICON}
            alt=""
            sx={{ width: 40, height: 40, flexShrink: 0, borderRadius: 1 }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {title || (
                <Box component="span" sx={{ color: "text.secondary", fontStyle: "italic", fontWeight: 400 }}>
                  No title yet
                </Box>
              )}
            </Typography>
            <Typography
              variant="body2"
              component="p"
              color="text.secondary"
              sx={{ display: "-webkit-box", WebkitLineClamp: 3, WebkitBoxOrient: "vertical", overflow: "hidden" }}
            >
              {body || (
                <Box component="span" sx={{ fontStyle: "italic" }}>
                  No message yet
                </Box>
              )}
            </Typography>
          </Box>
        </Stack>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
          Opens{" "}
          <Box component="span" sx={{ fontFamily: "monospace" }}>
            {url || "/"}
          </Box>
        </Typography>
      </Paper>
    </Box>
  );
}
