import LockIcon from "@mui/icons-material/Lock";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { CardTitleLink } from "../card-title-link";

export interface CourseMapChapterView {
  slug: string;
  title: string;
  summary: string;
  access: "free" | "premium";
  locked: boolean;
  reading: { read: number; total: number } | null;
  quiz: { skills: number; practised: number; proficient: number } | null;
}

function AccessBadge({ access, locked }: Pick<CourseMapChapterView, "access" | "locked">) {
  return (
    <Typography
      component="span"
      variant="caption"
      sx={{
        px: 1,
        border: 1,
        borderColor: "divider",
        borderRadius: 4,
        fontWeight: 600,
        display: "inline-flex",
        alignItems: "center",
        gap: 0.5,
        whiteSpace: "nowrap",
      }}
    >
      {locked && <LockIcon aria-hidden sx={{ fontSize: "0.9rem" }} />}
      {access === "free" ? "Free" : locked ? "Premium: introduction only" : "Premium"}
    </Typography>
  );
}

function quizText(quiz: NonNullable<CourseMapChapterView["quiz"]>): string {
  if (quiz.practised === 0) return `Quiz: ${quiz.skills} skills, none practised yet`;
  return `Quiz: ${quiz.proficient} of ${quiz.skills} skills proficient, ${quiz.practised} practised`;
}

function ChapterCard({
  chapter,
  number,
  current,
}: {
  chapter: CourseMapChapterView;
  number: number;
  current: boolean;
}) {
  const { reading } = chapter;
  const progressId = `course-map-progress-${chapter.slug}`;
  return (
    // The title is the link; its ::after covers the card, so the whole card opens the chapter.
    <Card
      variant="outlined"
      sx={{
        height: "100%",
        position: "relative",
        borderColor: current ? "primary.main" : undefined,
        borderWidth: current ? 2 : undefined,
        "&:hover": { borderColor: current ? "primary.main" : "text.secondary" },
      }}
    >
      <CardContent>
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, mb: 1 }}>
          <Typography variant="overline" component="p" color="text.secondary">
            Chapter {number}
            {current && " · You are here"}
          </Typography>
          <AccessBadge access={chapter.access} locked={chapter.locked} />
        </Box>
        <CardTitleLink to={`/chapter/${chapter.slug}`}>{chapter.title}</CardTitleLink>
        <Typography variant="body2" color="text.secondary">
          {chapter.summary}
        </Typography>
        {reading && (
          <Box sx={{ mt: 2 }}>
            <Typography id={progressId} variant="body2">
              {reading.read} of {reading.total} sections read
            </Typography>
            <LinearProgress
              variant="determinate"
              value={reading.total > 0 ? (100 * reading.read) / reading.total : 0}
              aria-labelledby={progressId}
              sx={{ height: 6, borderRadius: 3, mt: 0.5 }}
            />
          </Box>
        )}
        {chapter.quiz && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {quizText(chapter.quiz)}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The chapters in course order: access, and for a signed-in learner reading progress and quiz mastery. */
export function CourseMap({
  chapters,
  currentSlug = null,
}: {
  chapters: readonly CourseMapChapterView[];
  currentSlug?: string | null;
}) {
  return (
    <Box
      component="ol"
      aria-label="Chapters in course order"
      sx={{
        listStyle: "none",
        m: 0,
        p: 0,
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))", xl: "repeat(3, minmax(0, 1fr))" },
      }}
    >
      {chapters.map((chapter, index) => (
        <li key={chapter.slug}>
          <ChapterCard chapter={chapter} number={index + 1} current={chapter.slug === currentSlug} />
        </li>
      ))}
    </Box>
  );
}
