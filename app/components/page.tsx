import Container, { type ContainerProps } from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

interface PageProps {
  title: string;
  lead?: ReactNode;
  maxWidth?: ContainerProps["maxWidth"];
  children?: ReactNode;
}

/** The frame of an ordinary page: one <main>, one <h1>, an optional lead paragraph. */
export function Page({ title, lead, maxWidth = "md", children }: PageProps) {
  return (
    <Container component="main" id="main" maxWidth={maxWidth} sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: "2rem", md: "3rem" } }}>
        {title}
      </Typography>
      {lead && (
        <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400, mb: 3 }}>
          {lead}
        </Typography>
      )}
      {children}
    </Container>
  );
}
