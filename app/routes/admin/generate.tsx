import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormLabel from "@mui/material/FormLabel";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { data, Form, Link as RouterLink, redirect } from "react-router";
import { z } from "zod";
import { MAX_SEED, planSet } from "#core/quiz/compose-quiz";
import type { Difficulty } from "#core/quiz/question";
import { createRandom } from "#core/quiz/random";
import { SKILLS, skillById } from "#core/quiz/skills";
import { courseChapters } from "#app/chapters";
import { QuestionCard } from "#app/components/quiz/question-card";
import { Page } from "#app/components/page";
import { createQuizSet, listQuizSets } from "#app/models/quiz-set.server";
import { requireUser } from "#app/auth/access.server";
import { getDatabase } from "#app/utils/db.server";
import { itemView, keyHtml, questionOf, unansweredItem } from "#app/quiz/quiz.server";
import { readForm } from "#app/http/read-form.server";
export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";
import type { Route } from "./+types/generate";

/** A set holds at most this many questions: a long problem sheet, still quick to make and print. */
const MAX_SET_SIZE = 40;

const selectionSchema = z.object({
  skill: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.string().refine((id) => skillById(id) !== undefined, "Choose skills from the list.")),
  ),
  difficulty: z.coerce.number().int().min(1).max(3),
  count: z.coerce.number().int().min(1).max(MAX_SET_SIZE),
  // The preview's randomness: the same value gives the same questions, so what is published is what was seen.
  draw: z.coerce.number().int().min(0).max(MAX_SEED),
});

type Selection = z.infer<typeof selectionSchema>;

function plan(selection: Selection) {
  return planSet(selection.skill, selection.difficulty as Difficulty, selection.count, createRandom(selection.draw));
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const values = {
    skill: params.getAll("skill"),
    difficulty: params.get("difficulty") ?? "1",
    count: params.get("count") ?? "10",
    draw: params.get("draw") ?? "",
  };
  const parsed = selectionSchema.safeParse(values);
  const sets = (await listQuizSets(getDatabase().db)).map(({ id, title, kind, items, createdAt }) => ({
    id,
    title,
    kind,
    size: items.length,
    createdAt,
  }));
  const skills = SKILLS.map((skill) => ({ id: skill.id, title: skill.title, chapter: skill.chapter }));
  if (!parsed.success || parsed.data.skill.length === 0) {
    const error = params.has("count")
      ? parsed.success
        ? "Choose at least one skill."
        : parsed.error.issues[0]!.message
      : null;
    // A new draw for the next preview, from the server so the page renders the same on both sides.
    const freshDraw = crypto.getRandomValues(new Uint32Array(1))[0]! % MAX_SEED;
    return { skills, sets, selection: null, error, preview: [], freshDraw };
  }
  const preview = plan(parsed.data).map((item, position) => {
    const question = questionOf(item);
    const view = itemView(unansweredItem(item, `preview-${position}`, position), question);
    return { view, keysHtml: question.parts.map((part) => keyHtml(part.key)) };
  });
  return { skills, sets, selection: parsed.data, error: null, preview, freshDraw: parsed.data.draw };
}

const publishSchema = selectionSchema.extend({
  title: z.string().trim().min(1, "Give the set a title.").max(120, "Keep the title under 120 characters."),
  kind: z.enum(["quiz", "problem-set"], { error: "Publish as a quiz or as a problem set." }),
});

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireUser(context);
  const parsed = publishSchema.safeParse(await readForm(request));
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
  if (parsed.data.skill.length === 0) return data({ error: "Choose at least one skill." }, { status: 400 });
  const set = await createQuizSet(getDatabase().db, {
    title: parsed.data.title,
    kind: parsed.data.kind,
    items: plan(parsed.data),
    createdBy: admin.id,
  });
  throw redirect(set.kind === "quiz" ? `/quiz/set/${set.id}` : `/admin/generate/${set.id}`);
}

export const meta: Route.MetaFunction = () => [{ title: "Generate questions · Numberlab" }];

export default function Generate({ loaderData, actionData }: Route.ComponentProps) {
  const { skills, sets, selection, error, preview, freshDraw } = loaderData;
  const chosen = new Set(selection?.skill ?? []);
  const draw = selection?.draw ?? freshDraw;
  return (
    <Page
      title="Generate questions"
      lead="Choose skills, a difficulty and a number of questions; preview them with their keys, then publish them as a quiz or a printable problem set."
      maxWidth="lg"
    >
      <Stack spacing={3}>
        <Form method="get">
          <Stack spacing={2}>
            <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr 1fr" } }}>
              {courseChapters.map((chapter) => (
                <Box key={chapter.slug} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                  <FormLabel component="legend">{chapter.title}</FormLabel>
                  <FormGroup>
                    {skills
                      .filter((skill) => skill.chapter === chapter.slug)
                      .map((skill) => (
                        <FormControlLabel
                          key={skill.id}
                          control={<Checkbox name="skill" value={skill.id} defaultChecked={chosen.has(skill.id)} />}
                          label={skill.title}
                        />
                      ))}
                  </FormGroup>
                </Box>
              ))}
            </Box>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <TextField
                select
                name="difficulty"
                label="Difficulty"
                defaultValue={String(selection?.difficulty ?? 1)}
                sx={{ minWidth: "10rem" }}
              >
                <MenuItem value="1">1 (gentle)</MenuItem>
                <MenuItem value="2">2</MenuItem>
                <MenuItem value="3">3 (hard)</MenuItem>
              </TextField>
              <TextField
                name="count"
                label="Questions"
                type="number"
                defaultValue={selection?.count ?? 10}
                slotProps={{ htmlInput: { min: 1, max: MAX_SET_SIZE } }}
              />
              <input type="hidden" name="draw" value={draw} />
              <Button type="submit" variant="contained">
                Preview
              </Button>
            </Stack>
            {error && <Alert severity="warning">{error}</Alert>}
          </Stack>
        </Form>

        {selection && preview.length > 0 && (
          <>
            <Paper variant="outlined" component={Form} method="post" sx={{ p: 2 }}>
              {selection.skill.map((id) => (
                <input key={id} type="hidden" name="skill" value={id} />
              ))}
              <input type="hidden" name="difficulty" value={selection.difficulty} />
              <input type="hidden" name="count" value={selection.count} />
              <input type="hidden" name="draw" value={selection.draw} />
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
                <TextField name="title" label="Title" required sx={{ flex: 1 }} />
                <TextField select name="kind" label="Publish as" defaultValue="quiz" sx={{ minWidth: "12rem" }}>
                  <MenuItem value="quiz">a quiz to take</MenuItem>
                  <MenuItem value="problem-set">a problem set to print</MenuItem>
                </TextField>
                <Button type="submit" variant="contained">
                  Publish
                </Button>
              </Stack>
              {actionData?.error && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {actionData.error}
                </Alert>
              )}
            </Paper>
            <Button
              component={RouterLink}
              to={`?${new URLSearchParams([...selection.skill.map((id) => ["skill", id]), ["difficulty", String(selection.difficulty)], ["count", String(selection.count)], ["draw", String((selection.draw + 1) % MAX_SEED)]])}`}
              color="inherit"
              sx={{ alignSelf: "flex-start" }}
            >
              Draw other questions
            </Button>
            {preview.map(({ view, keysHtml }) => (
              <Stack key={view.id} spacing={1}>
                <QuestionCard item={view} total={preview.length} open={false} reportable={false} />
                <Typography
                  variant="body2"
                  sx={{ color: "text.secondary", pl: 1 }}
                  dangerouslySetInnerHTML={{ __html: `Key: ${keysHtml.join(" · ")}` }}
                />
              </Stack>
            ))}
          </>
        )}

        <Box component="section" aria-labelledby="sets-heading">
          <Typography id="sets-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
            Published sets
          </Typography>
          {sets.length === 0 ? (
            <Typography>None yet.</Typography>
          ) : (
            <Box component="ul" sx={{ pl: 2.5, m: 0 }}>
              {sets.map((set) => (
                <li key={set.id}>
                  <Link
                    component={RouterLink}
                    to={set.kind === "quiz" ? `/quiz/set/${set.id}` : `/admin/generate/${set.id}`}
                  >
                    {set.title}
                  </Link>{" "}
                  — {set.kind === "quiz" ? "quiz" : "problem set"}, {set.size} questions
                </li>
              ))}
            </Box>
          )}
        </Box>
      </Stack>
    </Page>
  );
}
