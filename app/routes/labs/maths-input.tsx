import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { variablesOf } from "#core/expr/ast";
import { compileReal } from "#core/expr/compile-real";
import { parseLatex } from "#core/expr/latex";
import { FORMULA_OPTIONS } from "#core/expr/parse";
import { expressionToTex } from "#core/expr/to-tex";
import { MAX_ANSWER_LENGTH } from "#core/quiz/answer-limits";
import { MathAnswerField } from "#app/components/quiz/math-answer-field";
import { Formula } from "#app/components/math/formula";
import { Page } from "#app/components/page";
export { mathInputStylesheets as links } from "#app/components/math/math-stylesheets";
import type { Route } from "./+types/maths-input";

export const meta: Route.MetaFunction = () => [{ title: "Maths input · Numberlab" }];

/** What the typed maths is, read the way the quiz grader reads it. */
type Reading = { error: string } | { tex: string; value: string };

function reading(latex: string): Reading | null {
  if (latex.trim() === "") return null;
  const parsed = parseLatex(latex, FORMULA_OPTIONS);
  if (!parsed.ok) return { error: `${parsed.error.message} at ${parsed.error.position}` };
  const variables = variablesOf(parsed.ast);
  let value: string;
  try {
    value = variables.length > 0 ? `depends on ${variables.join(", ")}` : String(compileReal(parsed.ast, [])([]));
  } catch (error) {
    value = error instanceof Error ? error.message : "cannot be evaluated";
  }
  return { tex: expressionToTex(parsed.ast), value };
}

export default function MathsInput() {
  const [latex, setLatex] = useState("");
  const read = reading(latex);
  return (
    <Page
      title="Maths input"
      lead="Type in the maths field (or with its keyboard): the LaTeX it produces, how the grader reads it, and its value."
    >
      <Stack spacing={3}>
        <MathAnswerField
          name="maths"
          label="Maths"
          helperText="For example \frac{3}{4}, 2^{10}, \sqrt{2}, or x \equiv 3 \pmod{7}."
          disabled={false}
          maxLength={MAX_ANSWER_LENGTH}
          onLatex={setLatex}
        />
        <Box aria-live="polite">
          <Typography variant="h6" component="h2">
            LaTeX
          </Typography>
          <Typography sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>{latex || "—"}</Typography>
          {read && "error" in read && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {read.error}
            </Alert>
          )}
          {read && "tex" in read && (
            <>
              <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
                Read as
              </Typography>
              <Formula tex={read.tex} />
              <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
                Value
              </Typography>
              <Typography>{read.value}</Typography>
            </>
          )}
        </Box>
      </Stack>
    </Page>
  );
}
