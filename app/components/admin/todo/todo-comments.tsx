import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Form, useNavigation } from "react-router";
import { LessonBody } from "#app/components/lesson/lesson-body";
import { LessonProblems } from "#app/components/lesson/lesson-problems";
import type { LessonBlock, LessonProblem } from "#app/markdown/render-lesson";
import { TODO_COMMENT_MAX_LENGTH } from "#app/models/todo-vocabulary";
import { formatUtc } from "#app/utils/format-date";
import { ConfirmButton } from "./confirm-button";

/** A comment as the page shows it: typeset on the server, with its author named. */
export interface TodoCommentView {
  id: string;
  author: string;
  /** The viewer wrote it, so may delete it. */
  mine: boolean;
  createdAt: string;
  blocks: LessonBlock[];
  problems: LessonProblem[];
}

interface TodoCommentsProps {
  comments: readonly TodoCommentView[];
  /** The last comment sent: refused with its text kept, or added (which empties the form). */
  sent?: { error: string; body: string } | { added: string };
}

/** The item's conversation, oldest first, and the form for one more comment. */
export function TodoComments({ comments, sent }: TodoCommentsProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "comment";
  return (
    <>
      {comments.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          No comments yet.
        </Typography>
      ) : (
        <Stack component="ol" spacing={2} sx={{ listStyle: "none", p: 0, m: 0, mb: 3 }}>
          {comments.map((comment) => (
            <Paper component="li" variant="outlined" key={comment.id} sx={{ p: 2 }}>
              <Stack
                direction="row"
                useFlexGap
                sx={{ flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: 1, mb: 1 }}
              >
                <Typography variant="body2" color="text.secondary">
                  <Box component="span" sx={{ fontWeight: 500, color: "text.primary" }}>
                    {comment.author}
                  </Box>{" "}
                  at <time dateTime={comment.createdAt}>{formatUtc(comment.createdAt)}</time>
                </Typography>
                {comment.mine && (
                  <ConfirmButton
                    fields={{ intent: "delete-comment", commentId: comment.id }}
                    label="Delete"
                    accessibleName={`Delete your comment of ${formatUtc(comment.createdAt)}`}
                    size="small"
                    confirmation={{
                      title: "Delete your comment?",
                      text: "It is removed for everyone. The audit log keeps that you deleted a comment, not its text.",
                      confirmLabel: "Delete comment",
                    }}
                  />
                )}
              </Stack>
              <LessonBody blocks={comment.blocks} />
              {comment.problems.length > 0 && (
                <Box sx={{ mt: 1 }}>
                  <LessonProblems problems={comment.problems} />
                </Box>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      {sent && "error" in sent && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          Not added: {sent.error}
        </Alert>
      )}
      <Form
        method="post"
        preventScrollReset
        // A new, empty form once a comment is added.
        key={sent && "added" in sent ? sent.added : "new"}
      >
        <input type="hidden" name="intent" value="comment" />
        <TextField
          name="body"
          label="Your comment"
          defaultValue={sent && "body" in sent ? sent.body : ""}
          multiline
          minRows={3}
          maxRows={12}
          fullWidth
          required
          helperText="Markdown with formulas, as in lessons: $\gcd(a, b)$ inline, $$…$$ on a line of its own."
          slotProps={{ htmlInput: { maxLength: TODO_COMMENT_MAX_LENGTH, spellCheck: true } }}
        />
        <Button type="submit" variant="contained" disabled={sending} sx={{ mt: 1.5 }}>
          {sending ? "Adding…" : "Add comment"}
        </Button>
      </Form>
    </>
  );
}
