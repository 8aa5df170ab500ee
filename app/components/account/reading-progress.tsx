import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

interface ChapterProgressView {
  slug: string;
  title: string;
  read: number;
  total: number;
}

/** Sections read in each chapter, with the way back in: the first chapter not yet finished. */
export function ReadingProgress({ chapters }: { chapters: readonly ChapterProgressView[] }) {
  const started = chapters.some((chapter) => chapter.read > 0);
  const nextUp = chapters.find((chapter) => chapter.read < chapter.total);
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
      {nextUp && (
        <Button component={Link} to={`/chapter/${nextUp.slug}`} color="inherit" variant="outlined" sx={{ mt: 1 }}>
          {started ? `Continue with ${nextUp.title}` : `Start with ${nextUp.title}`}
        </Button>
      )}
    </>
  );
}
