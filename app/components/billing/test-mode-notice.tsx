import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";

/** Shown wherever a learner could pay while the built-in test provider takes the payments. */
export function TestModeNotice() {
  return (
    <Alert severity="warning" data-testid="test-mode-notice" sx={{ mb: 3 }}>
      Test mode: no real money — use card{" "}
      <Box component="span" sx={{ whiteSpace: "nowrap" }}>
        4242 4242 4242 4242
      </Box>
      .
    </Alert>
  );
}
