import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import type { LessonProblem } from "#app/markdown/render-lesson";

/** What the delimiter linter and the renderer found, by line, for the author to fix. */
export function LessonProblems({ problems }: { problems: readonly LessonProblem[] }) {
  if (problems.length === 0) {
    return (
      <Alert severity="success" variant="outlined" sx={{ py: 0 }}>
        No problems found.
      </Alert>
    );
  }
  const errors = problems.filter((problem) => problem.severity === "error").length;
  return (
    <Alert severity={errors > 0 ? "error" : "warning"} variant="outlined" sx={{ py: 0 }}>
      <Box component="ul" sx={{ m: 0, pl: 2 }} aria-label="Problems in the text">
        {problems.map((problem, index) => (
          <li key={index}>
            Line {problem.line}: {problem.message}
            {problem.source && (
              <>
                {" "}
                <code>{problem.source}</code>
              </>
            )}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
