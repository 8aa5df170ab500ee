import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import type { CoursePlace } from "#app/course/course-place";

interface ChapterProgressView {
  slug: string;
  title: string;
  read: number;
  total: number;
}

/** The way back in, as the home page and the course map give it (see placeInCourse). */
function placeLabel(place: CoursePlace): string | null {
  switch (place.kind) {
    case "start":
      return `Start with ${place.chapter.title}`;
    case "resume":
    case "next":
      return `Continue with ${place.chapter.title}`;
    case "finished":
      return null;
  }
}

/** Sections read in each chapter, with the way back in: where the learner is in the course. */
export function ReadingProgress({
  chapters,
  place,
}: {
  chapters: readonly ChapterProgressView[];
  place: CoursePlace | null;
}) {
  const started = chapters.some((chapter) => chapter.read > 0);
  const label = place && placeLabel(place);
  return (
    <>
      {!started && <Typography sx={{ mb: 2 }}>You have not marked any section as read yet.</Typography>}
      <Box component="ol" sx={{ m: 0, pl: 0, listStyle: "none" }} aria-label="Sections read per chapter">
        {chapters.map((chapter) => {
          const labelId = `progress-${chapter.slug}`;
          return (
            <Box component="li" key={chapter.slug} sx={{ mb: 1.5 }}>
              <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
                <Typography
                  id={labelId}
                  component={Link}
                  to={`/chapter/${chapter.slug}`}
                  sx={{ color: "text.primary" }}
                >
                  {chapter.title}
                </Typography>
                <Typography color="text.secondary" sx={{ whiteSpace: "nowrap" }}>
                  {chapter.read} of {chapter.total} sections
                </Typography>
              </Box>
              <LinearProgress
                variant="determinate"
                value={chapter.total > 0 ? (100 * chapter.read) / chapter.total : 0}
                aria-labelledby={labelId}
                aria-valuetext={`${chapter.read} of ${chapter.total} sections read`}
                sx={{ height: 6, borderRadius: 3, mt: 0.5 }}
              />
            </Box>
          );
        })}
      </Box>
      {place && label && "href" in place && (
        <Button component={Link} to={place.href} color="inherit" variant="outlined" sx={{ mt: 1 }}>
          {label}
        </Button>
      )}
      {place?.kind === "finished" && <Typography sx={{ mt: 1 }}>You have read every section of the course.</Typography>}
    </>
  );
}
