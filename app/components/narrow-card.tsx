import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** The frame of a small single-purpose page (log in, confirm a link): one <main>, a card, an <h1>. */
export function NarrowCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container component="main" id="main" maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
      </Paper>
    </Container>
  );
}
