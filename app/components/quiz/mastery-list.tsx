import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { MASTERY_LEVELS, type MasteryLevel } from "#core/quiz/mastery";

export const MASTERY_LABELS: Record<MasteryLevel, string> = {
  new: "Not started",
  attempted: "Attempted",
  familiar: "Familiar",
  proficient: "Proficient",
  mastered: "Mastered",
};

export interface MasteryEntry {
  skillId: string;
  title: string;
  level: MasteryLevel;
  recentClean: number;
  reviewDueAt: string | null;
}

/** Each skill's level, as words and as a bar (the words are what screen readers hear). */
export function MasteryList({ skills, now = null }: { skills: readonly MasteryEntry[]; now?: string | null }) {
  return (
    <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1.5 }}>
      {skills.map((skill) => {
        const step = MASTERY_LEVELS.indexOf(skill.level);
        const due = now !== null && skill.reviewDueAt !== null && skill.reviewDueAt <= now;
        return (
          <Box component="li" key={skill.skillId}>
            <Typography variant="body2">
              <strong>{skill.title}</strong>: {MASTERY_LABELS[skill.level]}
              {due && " · due for review"}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(step / (MASTERY_LEVELS.length - 1)) * 100}
              aria-hidden
              sx={{ height: 6, borderRadius: 3, mt: 0.5 }}
            />
          </Box>
        );
      })}
    </Box>
  );
}
