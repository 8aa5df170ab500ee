import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { adminLabLinks, adminSectionGroups, type AdminSection } from "#app/admin-navigation";
import { Page } from "#app/components/page";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = () => [{ title: "Administration · Numberlab" }];

function SectionCard({ section }: { section: AdminSection }) {
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <CardActionArea component={RouterLink} to={section.to} sx={{ height: "100%", alignItems: "start" }}>
        <CardContent>
          <Typography variant="h6" component="h3" gutterBottom>
            {section.label}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {section.description}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** /admin: where the admin link leads, every section of the admin area with what it is for. */
export default function AdminOverview() {
  return (
    <Page
      title="Administration"
      lead="Every part of the admin area, with what it is for. The menu beside each admin page leads to the same places."
      maxWidth="lg"
    >
      {adminSectionGroups.map((group) => (
        <Box component="section" key={group.id} aria-labelledby={`group-${group.id}`} sx={{ mb: 5 }}>
          <Typography id={`group-${group.id}`} variant="h5" component="h2" gutterBottom>
            {group.label}
          </Typography>
          <Grid container spacing={2}>
            {group.sections.map((section) => (
              <Grid key={section.to} size={{ xs: 12, sm: 6, xl: 4 }}>
                <SectionCard section={section} />
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
      <Box component="section" aria-labelledby="group-labs">
        <Typography id="group-labs" variant="h5" component="h2" gutterBottom>
          Labs
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: "grid", gap: 1 }}>
          {adminLabLinks.map((lab) => (
            <li key={lab.to}>
              <Link component={RouterLink} to={lab.to} color="inherit" underline="always" sx={{ fontWeight: 600 }}>
                {lab.label}
              </Link>
              : {lab.description}
            </li>
          ))}
        </Box>
      </Box>
    </Page>
  );
}
