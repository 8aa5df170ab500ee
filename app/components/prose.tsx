import Box from "@mui/material/Box";
import MuiLink from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A titled section of a text page (about, privacy, terms), with paragraph and list spacing. */
export function ProseSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 5, "& > p, & > ul, & > ol": { mb: 2 }, "& li + li": { mt: 1 } }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** An in-site link inside running text: underlined, in the text's own colour (readable in both schemes). */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <MuiLink component={Link} to={to} color="inherit" underline="always">
      {children}
    </MuiLink>
  );
}
