import CloseIcon from "@mui/icons-material/Close";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";

/**
 * Said when part of the page's code failed to load again right after a reload for it
 * (app/offline/chunk-load-recovery.client.ts). Part of the main bundle: it shows when chunks are missing.
 */
export function ChunkLoadError({ onRetry, onClose }: { onRetry(): void; onClose(): void }) {
  return (
    <Paper
      role="alert"
      elevation={6}
      sx={{
        position: "fixed",
        zIndex: (theme) => theme.zIndex.snackbar,
        bottom: 16,
        left: 16,
        right: 16,
        mx: "auto",
        maxWidth: 560,
        p: 2,
        display: "flex",
        flexWrap: "wrap",
        gap: 1.5,
        alignItems: "center",
        justifyContent: "flex-end",
        borderLeft: 4,
        borderColor: "error.main",
      }}
    >
      <Typography sx={{ flex: "1 1 16rem" }}>
        Part of this page could not be loaded. Numberlab may have been updated meanwhile, or the connection dropped.
      </Typography>
      <Button variant="contained" onClick={onRetry}>
        Retry
      </Button>
      <IconButton aria-label="Close" onClick={onClose} size="small" sx={{ alignSelf: "flex-start" }}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}
