import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { MasteryList, type MasteryEntry } from "./mastery-list";

interface QuizMasteryProps {
  chapters: readonly { slug: string; title: string; skills: readonly MasteryEntry[] }[];
  now: string;
}

/** The profile's view of quiz mastery: each chapter's skills, with its quiz and practice one click away. */
export function QuizMastery({ chapters, now }: QuizMasteryProps) {
  return (
    <Box component="section" aria-labelledby="quiz-mastery-heading" sx={{ mt: 3 }}>
      <Typography id="quiz-mastery-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
        Quiz mastery
      </Typography>
      {chapters.length === 0 ? (
        <Typography variant="body2">
          No quiz answers yet. Each chapter ends with a quiz; your mastery of its skills shows here.
        </Typography>
      ) : (
        chapters.map((chapter) => (
          <Box key={chapter.slug} sx={{ mb: 2 }}>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
              <Link component={RouterLink} to={`/chapter/${chapter.slug}/quiz`}>
                {chapter.title}
              </Link>
            </Typography>
            <MasteryList skills={chapter.skills} now={now} />
          </Box>
        ))
      )}
      <Button component={RouterLink} to="/practice" variant="outlined" size="small">
        Practise
      </Button>
    </Box>
  );
}
