import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import { CardTitleLink } from "#app/components/card-title-link";
import { LAB_PICTURE, labPath, labPicture, labs, labTopics, type Lab, type LabTopic } from "#app/labs";
import { Page } from "#app/components/page";
import { entitlementsFor } from "#app/utils/entitlements";
import { userContext } from "#app/http/request-context";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [
  { title: "Labs · Numberlab" },
  {
    name: "description",
    content:
      "Small working pages to try an idea: plotters, sine waves, number patterns, formula scratchpads, a sample quiz.",
  },
];

/** Public labs for everyone; the admin-only labs only when an admin asks. */
export function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  return { showAdminLabs: user !== null && entitlementsFor(user).adminArea };
}

function LabCard({ lab }: { lab: Lab }) {
  return (
    // The title is the link; its ::after covers the card, so the whole card opens the lab.
    <Card
      variant="outlined"
      sx={{ height: "100%", position: "relative", "&:hover": { borderColor: "text.secondary" } }}
    >
      <Box
        component="img"
        src={labPicture(lab)}
        width={LAB_PICTURE.width}
        height={LAB_PICTURE.height}
        alt={lab.alt}
        loading="lazy"
        decoding="async"
        sx={{ display: "block", width: "100%", height: "auto", borderBottom: 1, borderColor: "divider" }}
      />
      <CardContent>
        <CardTitleLink to={labPath(lab)}>{lab.title}</CardTitleLink>
        <Typography variant="body2" color="text.secondary">
          {lab.sentence}
        </Typography>
      </CardContent>
    </Card>
  );
}

function TopicSection({ topic, note }: { topic: LabTopic; note?: string }) {
  const inTopic = labs.filter((lab) => lab.topic === topic);
  return (
    <Box component="section" aria-labelledby={`labs-${topic}`} sx={{ mb: 6 }}>
      <Typography id={`labs-${topic}`} variant="h5" component="h2" gutterBottom sx={{ scrollMarginTop: 80 }}>
        {labTopics[topic]}
      </Typography>
      {note && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {note}
        </Typography>
      )}
      <Grid container spacing={2}>
        {inTopic.map((lab) => (
          <Grid key={lab.name} size={{ xs: 12, sm: 6, md: 4, xl: 3 }}>
            <LabCard lab={lab} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

const publicTopics: LabTopic[] = ["plots", "waves", "numbers", "writing", "quizzes", "account"];

export default function LabsIndex({ loaderData }: Route.ComponentProps) {
  return (
    <Page
      title="Labs"
      lead="Small working pages built from Numberlab's own parts: try an idea from a chapter, draw it and move it."
      maxWidth="xl"
    >
      {publicTopics.map((topic) => (
        <TopicSection key={topic} topic={topic} />
      ))}
      {loaderData.showAdminLabs && (
        <TopicSection
          topic="admin"
          note="Only administrators see these labs: tools for checking content and the site."
        />
      )}
    </Page>
  );
}
