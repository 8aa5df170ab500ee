import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Form } from "react-router";
import { z } from "zod";
import { MAX_SEED } from "#core/quiz/compose-quiz";
import { skillById } from "#core/quiz/skills";
import { TEMPLATES, templateById } from "#core/quiz/templates/index";
import { QuestionPreview } from "#app/components/quiz/question-preview";
import { Page } from "#app/components/page";
import { templateStatistics } from "#app/models/quiz.server";
import { getDatabase } from "#app/utils/db.server";
import { questionOf, questionPreview } from "#app/quiz/quiz.server";
export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";
import type { Route } from "./+types/quiz-preview";

const querySchema = z.object({
  template: z
    .string()
    .refine((id) => templateById(id) !== undefined, "Choose a template from the list.")
    .catch(TEMPLATES[0]!.id),
  seed: z.coerce.number().int().min(0).max(MAX_SEED).catch(1),
  difficulty: z.coerce.number().int().min(1).max(3).catch(1),
});

export async function loader({ request }: Route.LoaderArgs) {
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const plan = {
    templateId: query.template,
    skillId: templateById(query.template)!.skillId,
    seed: query.seed,
    difficulty: query.difficulty as 1 | 2 | 3,
  };
  const question = questionOf(plan);
  const statistics = await templateStatistics(getDatabase().db);
  return {
    query,
    templates: TEMPLATES.map((template) => ({
      id: template.id,
      title: template.title,
      skill: skillById(template.skillId)?.title ?? template.skillId,
    })),
    preview: questionPreview(question, "preview"),
    statistics: TEMPLATES.map((template) => ({
      id: template.id,
      title: template.title,
      ...(statistics.find((row) => row.templateId === template.id) ?? {
        answered: 0,
        correctRate: 0,
        averageTimeMs: 0,
        hintRate: 0,
      }),
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Quiz preview · Numberlab" }];

const percent = (share: number) => `${Math.round(share * 100)} %`;

export default function QuizPreview({ loaderData }: Route.ComponentProps) {
  const { query, templates, preview, statistics } = loaderData;
  return (
    <Page
      title="Quiz preview"
      lead="Any template with any seed and difficulty, as learners see it, with its answer key, hints and solution."
      maxWidth="lg"
    >
      <Stack spacing={3}>
        <Form method="get">
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
            <TextField select name="template" label="Template" defaultValue={query.template} sx={{ minWidth: "18rem" }}>
              {templates.map((template) => (
                <MenuItem key={template.id} value={template.id}>
                  {template.title} ({template.skill})
                </MenuItem>
              ))}
            </TextField>
            <TextField
              name="seed"
              label="Seed"
              type="number"
              defaultValue={query.seed}
              slotProps={{ htmlInput: { min: 0, max: MAX_SEED } }}
            />
            <TextField select name="difficulty" label="Difficulty" defaultValue={String(query.difficulty)}>
              {["1", "2", "3"].map((level) => (
                <MenuItem key={level} value={level}>
                  {level}
                </MenuItem>
              ))}
            </TextField>
            <Button type="submit" variant="contained" sx={{ mt: { sm: 1 } }}>
              Show
            </Button>
          </Stack>
        </Form>

        <QuestionPreview preview={preview} />

        <Box component="section" aria-labelledby="statistics-heading">
          <Typography id="statistics-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
            How each template fares
          </Typography>
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Template</TableCell>
                  <TableCell align="right">Answered</TableCell>
                  <TableCell align="right">Right</TableCell>
                  <TableCell align="right">Average time</TableCell>
                  <TableCell align="right">With hints</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {statistics.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>{row.title}</TableCell>
                    <TableCell align="right">{row.answered}</TableCell>
                    <TableCell align="right">{row.answered > 0 ? percent(row.correctRate) : "—"}</TableCell>
                    <TableCell align="right">
                      {row.answered > 0 ? `${(row.averageTimeMs / 1000).toFixed(1)} s` : "—"}
                    </TableCell>
                    <TableCell align="right">{row.answered > 0 ? percent(row.hintRate) : "—"}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      </Stack>
    </Page>
  );
}
