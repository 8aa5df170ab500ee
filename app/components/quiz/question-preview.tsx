import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { QuestionCard } from "./question-card";
import type { QuestionPreviewView } from "#app/quiz/quiz-view";

interface QuestionPreviewProps {
  preview: QuestionPreviewView;
  /** Let the author answer the card; the page's action grades it without storing anything. */
  tryable?: boolean;
  /** Hidden fields the card's answers carry to that action (e.g. the draft being edited). */
  context?: readonly [string, string][];
}

export function QuestionPreview({ preview, tryable = false, context }: QuestionPreviewProps) {
  return (
    <Stack spacing={2}>
      <QuestionCard item={preview.item} total={1} open={tryable} reportable={false} context={context} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          Answer key
        </Typography>
        <Box component="ol" sx={{ mt: 1 }}>
          {preview.keysHtml.map((key, index) => (
            <li key={index} dangerouslySetInnerHTML={{ __html: key }} />
          ))}
        </Box>
        <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
          Worked solution
        </Typography>
        <Box className="quiz-text" dangerouslySetInnerHTML={{ __html: preview.solutionHtml }} />
      </Paper>
    </Stack>
  );
}
