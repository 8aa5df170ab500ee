import Alert from "@mui/material/Alert";

/** The outcome of a profile form: its success message or its form-wide error. */
export function FormFeedback({ message, error }: { message?: string; error?: string }) {
  if (error) {
    return (
      <Alert severity="error" role="alert" sx={{ mb: 2 }}>
        {error}
      </Alert>
    );
  }
  if (message) {
    return (
      <Alert severity="success" role="status" sx={{ mb: 2 }}>
        {message}
      </Alert>
    );
  }
  return null;
}
