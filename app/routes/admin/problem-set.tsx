import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Page } from "#app/components/page";
import { findQuizSet } from "#app/models/quiz-set.server";
import { getDatabase } from "#app/utils/db.server";
import { itemView, keyHtml, questionOf, unansweredItem } from "#app/quiz/quiz.server";
import { markdownBlockHtml } from "#app/content/markdown-html.server";
import { findByIdOr404 } from "#app/http/not-found";
export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";
import type { Route } from "./+types/problem-set";

export async function loader({ params }: Route.LoaderArgs) {
  const set = await findByIdOr404(
    params.setId,
    (id) => findQuizSet(getDatabase().db, id),
    `/admin/generate/${params.setId}`,
  );
  return {
    title: set.title,
    questions: set.items.map((item, position) => {
      const question = questionOf(item);
      const view = itemView(unansweredItem(item, `${set.id}-${position}`, position), question);
      return {
        promptHtml: view.promptHtml,
        parts: view.parts,
        keysHtml: question.parts.map((part) => keyHtml(part.key)),
        solutionHtml: markdownBlockHtml(question.solution),
      };
    }),
  };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.title ?? "Problem set"} · Numberlab` },
];

const letter = (index: number) => String.fromCharCode(97 + index);

/** A problem set laid out for paper: the questions, then on a new page the answers and worked solutions. */
export default function ProblemSet({ loaderData }: Route.ComponentProps) {
  const { title, questions } = loaderData;
  return (
    <Page title={title} lead={`${questions.length} questions; answers and worked solutions follow on a new page.`}>
      <Button variant="outlined" onClick={() => window.print()} sx={{ mb: 3, displayPrint: "none" }}>
        Print
      </Button>
      <Box component="ol" sx={{ pl: 3 }}>
        {questions.map((question, index) => (
          <Box component="li" key={index} sx={{ mb: 3, breakInside: "avoid" }}>
            <Box className="quiz-text" dangerouslySetInnerHTML={{ __html: question.promptHtml }} />
            {question.parts.map((part, partIndex) => (
              <Box key={partIndex} sx={{ ml: 2 }}>
                {question.parts.length > 1 && <strong>({letter(partIndex)}) </strong>}
                <span dangerouslySetInnerHTML={{ __html: part.promptHtml }} />
                {part.optionsHtml && (
                  <Box component="ol" type="A" sx={{ my: 0.5 }}>
                    {part.optionsHtml.map((option, optionIndex) => (
                      <li key={optionIndex} dangerouslySetInnerHTML={{ __html: option }} />
                    ))}
                  </Box>
                )}
              </Box>
            ))}
          </Box>
        ))}
      </Box>
      <Box sx={{ breakBefore: "page" }}>
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          Answers and worked solutions
        </Typography>
        <Box component="ol" sx={{ pl: 3 }}>
          {questions.map((question, index) => (
            <Box component="li" key={index} sx={{ mb: 2, breakInside: "avoid" }}>
              <Typography>
                <strong>Answer:</strong>{" "}
                <span
                  dangerouslySetInnerHTML={{
                    __html: question.keysHtml
                      .map((key, partIndex) => (question.keysHtml.length > 1 ? `(${letter(partIndex)}) ${key}` : key))
                      .join("; "),
                  }}
                />
              </Typography>
              <Box className="quiz-text" dangerouslySetInnerHTML={{ __html: question.solutionHtml }} />
            </Box>
          ))}
        </Box>
      </Box>
    </Page>
  );
}
