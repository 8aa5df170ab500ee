import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import MuiLink from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import { footerNavigation } from "../navigation";

export function SiteFooter() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: "divider", py: 3, mt: 6, displayPrint: "none" }}>
      <Container maxWidth="lg" sx={{ display: "flex", flexWrap: "wrap", gap: 3, alignItems: "center" }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          Numberlab — open-source lessons and tools for number theory and algebra.
        </Typography>
        <Box component="nav" aria-label="Footer" sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
          {footerNavigation.map((item) => (
            <MuiLink key={item.to} component={Link} to={item.to} color="inherit" variant="body2">
              {item.label}
            </MuiLink>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
