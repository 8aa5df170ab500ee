import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Form } from "react-router";
import { z } from "zod";
import { describeKey } from "#core/quiz/describe-key";
import { gradeAnswer } from "#core/quiz/grade-answer";
import { keyFromText, TYPED_KEY_KINDS } from "#core/quiz/key-from-text";
import { MAX_ANSWER_LENGTH } from "#core/quiz/answer-limits";
import { VerdictExplained } from "#app/components/quiz/verdict-explained";
import { Page } from "#app/components/page";
import type { Route } from "./+types/answer-validator";

const querySchema = z.object({
  kind: z.enum(TYPED_KEY_KINDS).catch("expression"),
  expected: z.string().max(MAX_ANSWER_LENGTH).catch(""),
  given: z.string().max(MAX_ANSWER_LENGTH).catch(""),
});

export function loader({ request }: Route.LoaderArgs) {
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  if (query.expected === "" && query.given === "") return { query, outcome: null };
  const key = keyFromText(query.kind, query.expected);
  if (!key.ok) return { query, outcome: { error: key.message } };
  return { query, outcome: { key: describeKey(key.key), verdict: gradeAnswer(key.key, query.given) } };
}

export const meta: Route.MetaFunction = () => [{ title: "Answer validator · Numberlab" }];

export default function Validator({ loaderData }: Route.ComponentProps) {
  const { query, outcome } = loaderData;
  return (
    <Page
      title="Answer validator"
      lead="An expected answer and a given one, graded as a quiz grades them, with the verdict explained step by step."
    >
      <Form method="get">
        <Stack spacing={2}>
          <TextField select name="kind" label="Kind of answer" defaultValue={query.kind} sx={{ maxWidth: "16rem" }}>
            {TYPED_KEY_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {kind}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            name="expected"
            label="Expected answer"
            defaultValue={query.expected}
            helperText="42 · 3/4 · 0.125 ± 0.001 · 2x + 2 in x (add factored or expanded) · 3 mod 7"
            slotProps={{ htmlInput: { maxLength: MAX_ANSWER_LENGTH, spellCheck: false } }}
          />
          <TextField
            name="given"
            label="Given answer"
            defaultValue={query.given}
            helperText="As a learner would type it, or LaTeX from the maths field."
            slotProps={{ htmlInput: { maxLength: MAX_ANSWER_LENGTH, spellCheck: false } }}
          />
          <div>
            <Button type="submit" variant="contained">
              Check
            </Button>
          </div>
        </Stack>
      </Form>
      {outcome && (
        <Stack spacing={1.5} sx={{ mt: 3 }} aria-live="polite">
          {"error" in outcome ? (
            <Alert severity="warning">{outcome.error}</Alert>
          ) : (
            <>
              <Typography>Key: {outcome.key}</Typography>
              <VerdictExplained verdict={outcome.verdict} />
            </>
          )}
        </Stack>
      )}
    </Page>
  );
}
