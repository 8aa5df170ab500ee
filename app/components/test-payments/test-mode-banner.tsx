import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";

/** The label on every screen of the built-in test provider: nothing here is a real payment. */
export function TestModeBanner() {
  return (
    <Alert severity="warning" variant="filled" role="note" data-testid="test-mode-banner" sx={{ mb: 3 }}>
      <AlertTitle sx={{ fontSize: "1.15rem", fontWeight: 700 }}>Test mode: no real money</AlertTitle>
      This is Numberlab&rsquo;s built-in test payment provider. No card is charged and no money moves: pay only with its
      test cards, never a real card.
    </Alert>
  );
}
