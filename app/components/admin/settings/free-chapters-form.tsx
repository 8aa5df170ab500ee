import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormLabel from "@mui/material/FormLabel";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Form } from "react-router";
import type { ChapterAccess } from "#app/models/chapter.server";

export interface FreeChapterRow {
  id: string;
  title: string;
  access: ChapterAccess;
  published: boolean;
  /** The chapter's version when the page was read: a save refuses a chapter changed since. */
  version: number;
}

interface FreeChaptersFormProps {
  chapters: FreeChapterRow[];
  message: string | null;
  error: string | null;
  busy: boolean;
}

/**
 * Which chapters every signed-in learner may read, one box each; the others need premium. Saved through
 * the content editor's own chapter save, so an edit made there meanwhile is not overwritten.
 */
export function FreeChaptersForm({ chapters, message, error, busy }: FreeChaptersFormProps) {
  if (chapters.length === 0) {
    return <Typography color="text.secondary">There are no chapters yet.</Typography>;
  }
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="free-chapters" />
      <Stack spacing={2} sx={{ maxWidth: "40rem" }}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {message && (
          <Alert severity="success" role="status">
            {message}
          </Alert>
        )}
        <FormControl component="fieldset">
          <FormLabel component="legend">Free for every signed-in learner</FormLabel>
          <FormGroup>
            {chapters.map((chapter) => (
              <Box key={chapter.id}>
                <input type="hidden" name="chapter" value={`${chapter.id}:${chapter.version}`} />
                <FormControlLabel
                  label={chapter.published ? chapter.title : `${chapter.title} (not published)`}
                  control={<Checkbox name="free" value={chapter.id} defaultChecked={chapter.access === "free"} />}
                />
              </Box>
            ))}
          </FormGroup>
        </FormControl>
        <Typography variant="body2" color="text.secondary">
          Unticked chapters need premium (their introduction stays open). The same choice is in each chapter&apos;s
          details in the content editor.
        </Typography>
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            Apply the free chapters
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}
