import CloseIcon from "@mui/icons-material/Close";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Snackbar from "@mui/material/Snackbar";
import Stack from "@mui/material/Stack";
import { useId } from "react";
import type { UpdateSnapshot } from "#app/offline/update-controller";

export interface UpdatePromptsProps {
  snapshot: UpdateSnapshot;
  onReload(): void;
  onReloadAnyway(): void;
  onDismiss(): void;
  onDismissOfflineReady(): void;
}

/** Snackbars are announced politely: none of these interrupts the reader. */
const politeContent = { content: { role: "status" } } as const;
const bottomCenter = { vertical: "bottom", horizontal: "center" } as const;

/**
 * The update prompt, its question about unsaved input, and "ready to work offline"
 * (app/offline/update-controller.ts holds the states).
 */
export default function UpdatePrompts({
  snapshot,
  onReload,
  onReloadAnyway,
  onDismiss,
  onDismissOfflineReady,
}: UpdatePromptsProps) {
  const { prompt, offlineReady } = snapshot;
  const titleId = useId();
  const textId = useId();
  return (
    <>
      <Snackbar
        open={prompt === "available" || prompt === "updating"}
        anchorOrigin={bottomCenter}
        // A click elsewhere on the page is not an answer.
        onClose={(_event, reason) => reason === "escapeKeyDown" && onDismiss()}
        slotProps={politeContent}
        message={
          prompt === "updating" ? (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
              <CircularProgress size={18} color="inherit" aria-hidden />
              <span>Updating to the new version…</span>
            </Stack>
          ) : (
            "A new version of Numberlab is available."
          )
        }
        action={
          prompt === "available" && (
            <>
              <Button color="primary" size="small" variant="contained" onClick={onReload}>
                Reload
              </Button>
              <IconButton size="small" color="inherit" aria-label="Not now" onClick={onDismiss}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          )
        }
      />
      <Dialog
        open={prompt === "confirm-unsaved"}
        onClose={onDismiss}
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <DialogTitle id={titleId}>Reload with unsaved work?</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            This page holds input you have not saved or sent yet. Reloading for the new version loses it. Save or send
            it first, or reload anyway.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          {/* Keeping the work is the default; losing it takes the plainer button. */}
          <Button onClick={onReloadAnyway} color="inherit">
            Reload anyway
          </Button>
          <Button onClick={onDismiss} variant="contained" autoFocus>
            Not now
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar
        open={offlineReady && prompt === "hidden"}
        anchorOrigin={bottomCenter}
        autoHideDuration={10_000}
        onClose={(_event, reason) => reason !== "clickaway" && onDismissOfflineReady()}
        slotProps={politeContent}
        message="Numberlab is ready to work offline: the tools and the pages you visit open without a connection."
        action={
          <IconButton size="small" color="inherit" aria-label="Close" onClick={onDismissOfflineReady}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      />
    </>
  );
}
