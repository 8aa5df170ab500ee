import TextField from "@mui/material/TextField";

/** "Current password", asked before changes that could lock the owner out (address, password). */
export function CurrentPasswordField({ error }: { error?: string }) {
  return (
    <TextField
      label="Current password"
      name="currentPassword"
      type="password"
      autoComplete="current-password"
      required
      error={Boolean(error)}
      helperText={error}
    />
  );
}
