import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A card's heading whose link covers the whole card (the card must be
 * `position: relative`), so the card is one click target and one tab stop,
 * with the focus ring drawn around the card rather than the words.
 */
export function CardTitleLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Typography variant="h6" component="h3" gutterBottom>
      <Box
        component={Link}
        to={to}
        sx={{
          color: "text.primary",
          textDecoration: "none",
          "&::after": { content: '""', position: "absolute", inset: 0 },
          "&:focus-visible": { outline: "none" },
          "&:focus-visible::after": {
            outline: 2,
            outlineColor: "primary.main",
            outlineOffset: -2,
            borderRadius: 1,
          },
        }}
      >
        {children}
      </Box>
    </Typography>
  );
}
