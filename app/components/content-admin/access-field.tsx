import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";

/** Free or premium, as a select that posts with its form. */
export function AccessField({ defaultValue, error, help }: { defaultValue: string; error?: string; help?: string }) {
  return (
    <TextField
      name="access"
      label="Access"
      select
      defaultValue={defaultValue}
      error={Boolean(error)}
      helperText={error ?? help}
    >
      <MenuItem value="free">Free for every signed-in user</MenuItem>
      <MenuItem value="premium">Premium</MenuItem>
    </TextField>
  );
}
