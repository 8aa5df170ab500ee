import Button from "@mui/material/Button";
import Snackbar from "@mui/material/Snackbar";
import { useBuildUpdates } from "./use-build-updates";

/** Offers a reload when the server runs a newer build than this page. */
export function NewBuildNotice({ buildId }: { buildId: string }) {
  const newBuildId = useBuildUpdates(buildId);
  return (
    <Snackbar
      open={newBuildId !== null}
      message="A new version of Numberlab is available."
      action={
        <Button color="primary" size="small" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}
