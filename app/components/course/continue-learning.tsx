import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import type { CoursePlace } from "#app/course/course-place";
import type { SectionRead } from "#app/models/reading-progress.server";
import { formatDate } from "#app/utils/format-date";

interface ContinueLearningProps {
  place: CoursePlace | null;
  lastRead: (SectionRead & { chapterTitle: string }) | null;
  reviewsDue: number;
}

function ContinueReading({ place, lastRead }: Pick<ContinueLearningProps, "place" | "lastRead">) {
  const last = lastRead && (
    <>
      You last read <strong>{lastRead.sectionTitle}</strong> in {lastRead.chapterTitle}, on{" "}
      {formatDate(lastRead.readAt)}.
    </>
  );
  if (!place) return <Typography>The course has no chapters yet.</Typography>;
  switch (place.kind) {
    case "start":
      return (
        <>
          <Typography sx={{ mb: 2 }}>You have not marked a section as read yet.</Typography>
          <Button component={Link} to={place.href} variant="contained">
            Start with {place.chapter.title}
          </Button>
        </>
      );
    case "resume":
      return (
        <>
          <Typography sx={{ mb: 2 }}>{last}</Typography>
          <Button
            component={Link}
            to={place.href}
            variant="contained"
            aria-label={`Continue reading: ${place.section.title}`}
          >
            Continue reading
          </Button>
        </>
      );
    case "next":
      return (
        <>
          <Typography sx={{ mb: 2 }}>
            {last} That finished {place.finished.title}.
          </Typography>
          <Button component={Link} to={place.href} variant="contained">
            Go on with {place.chapter.title}
          </Button>
        </>
      );
    case "finished":
      return <Typography>{last} You have read every section of the course: well done.</Typography>;
  }
}

/** A returning learner's way back in: the last section read, and the skills due for review. */
export function ContinueLearning({ place, lastRead, reviewsDue }: ContinueLearningProps) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "2fr 1fr" },
        alignItems: "stretch",
      }}
    >
      <Card variant="outlined" component="section" aria-labelledby="continue-heading">
        <CardContent>
          <Typography id="continue-heading" variant="h5" component="h2" gutterBottom>
            Continue where you left off
          </Typography>
          <ContinueReading place={place} lastRead={lastRead} />
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="reviews-heading">
        <CardContent>
          <Typography id="reviews-heading" variant="h5" component="h2" gutterBottom>
            Reviews due
          </Typography>
          <Typography sx={{ mb: 2 }}>
            {reviewsDue === 0
              ? "Nothing to review today. Skills you answered come back when it is time to practise them again."
              : `${reviewsDue} ${reviewsDue === 1 ? "skill is" : "skills are"} due for review.`}
          </Typography>
          <Button
            component={Link}
            to="/practice"
            variant={reviewsDue > 0 ? "contained" : "outlined"}
            color={reviewsDue > 0 ? "primary" : "inherit"}
          >
            {reviewsDue > 0 ? "Review now" : "Practise"}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
