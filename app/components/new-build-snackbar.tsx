import Button from "@mui/material/Button";
import Snackbar from "@mui/material/Snackbar";

export default function NewBuildSnackbar() {
  return (
    <Snackbar
      open
      message="A new version of Numberlab is available."
      action={
        <Button color="primary" size="small" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}
