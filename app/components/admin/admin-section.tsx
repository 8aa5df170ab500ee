import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import type { SxProps, Theme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

interface SectionProps {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  children?: ReactNode;
  sx?: SxProps<Theme>;
}

/** A part of an admin page under its own heading, with an optional action (such as "New …") beside it. */
export function AdminSection({ id, title, action, children, sx }: SectionProps & { action?: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={sx}>
      {action ? (
        <Stack direction="row" sx={{ mb: 1, alignItems: "center", justifyContent: "space-between" }}>
          <Typography id={id} variant="h5" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
      ) : (
        <Typography id={id} variant="h5" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/** A form of an admin page on its own outlined sheet, under its heading. */
export function FormSection({ id, title, children, sx }: SectionProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={[{ p: 3 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Typography id={id} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
