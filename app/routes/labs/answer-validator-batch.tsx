import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import { data, Form } from "react-router";
import { z } from "zod";
import { gradeAnswer } from "#core/quiz/grade-answer";
import { keyFromText, TYPED_KEY_KINDS, type TypedKeyKind } from "#core/quiz/key-from-text";
import type { Verdict } from "#core/quiz/question";
import { VerdictExplained } from "#app/components/quiz/verdict-explained";
import { Page } from "#app/components/page";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/answer-validator-batch";

/** Lines checked at once: enough for a table of tricky cases, few enough to grade within a request. */
const MAX_LINES = 200;

const EXAMPLE = [
  "expression | 2x + 2 in x | 2(x+1)",
  "expression | x + 1 in x | (x^2-1)/(x-1)",
  "congruence | 3 mod 7 | x ≡ -4 (mod 7)",
  "fraction | 3/4 | \\frac{6}{8}",
].join("\n");

interface Row {
  line: number;
  kind: string;
  expected: string;
  given: string;
  outcome: { verdict: Verdict } | { error: string };
}

const formSchema = z.object({
  lines: z.string({ error: "Type one check per line." }).max(MAX_LINES * 300, "That is too much text at once."),
});

export async function action({ request }: Route.ActionArgs) {
  const parsed = formSchema.safeParse(await readForm(request));
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message, rows: [] as Row[] }, { status: 400 });
  const lines = parsed.data.lines.split("\n").map((line) => line.trim());
  const filled = lines.flatMap((text, index) => (text === "" ? [] : [{ text, line: index + 1 }]));
  if (filled.length > MAX_LINES)
    return data({ error: `At most ${MAX_LINES} lines at once.`, rows: [] as Row[] }, { status: 400 });
  const rows = filled.map(({ text, line }): Row => {
    const [kind = "", expected = "", ...rest] = text.split("|").map((part) => part.trim());
    const given = rest.join("|");
    if (!(TYPED_KEY_KINDS as readonly string[]).includes(kind)) {
      return {
        line,
        kind,
        expected,
        given,
        outcome: { error: `Unknown kind "${kind}": use ${TYPED_KEY_KINDS.join(", ")}.` },
      };
    }
    const key = keyFromText(kind as TypedKeyKind, expected);
    return {
      line,
      kind,
      expected,
      given,
      outcome: key.ok ? { verdict: gradeAnswer(key.key, given) } : { error: key.message },
    };
  });
  return { error: null, rows };
}

export const meta: Route.MetaFunction = () => [{ title: "Answer validator, batch · Numberlab" }];

export default function ValidatorBatch({ actionData }: Route.ComponentProps) {
  const rows = actionData?.rows ?? [];
  return (
    <Page
      title="Answer validator, batch"
      lead="One check per line: kind | expected | given. Each verdict comes with the steps that reached it."
      maxWidth="lg"
    >
      <Form method="post">
        <Stack spacing={2}>
          <TextField
            name="lines"
            label="Checks"
            multiline
            minRows={6}
            defaultValue={EXAMPLE}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          <div>
            <Button type="submit" variant="contained">
              Check every line
            </Button>
          </div>
        </Stack>
      </Form>
      {actionData?.error && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {actionData.error}
        </Alert>
      )}
      {rows.length > 0 && (
        <Table size="small" sx={{ mt: 3 }}>
          <TableHead>
            <TableRow>
              <TableCell>Line</TableCell>
              <TableCell>Expected</TableCell>
              <TableCell>Given</TableCell>
              <TableCell>Verdict</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.line}>
                <TableCell>{row.line}</TableCell>
                <TableCell>
                  {row.kind}: {row.expected}
                </TableCell>
                <TableCell sx={{ fontFamily: "monospace" }}>{row.given}</TableCell>
                <TableCell>
                  {"error" in row.outcome ? (
                    <Alert severity="warning">{row.outcome.error}</Alert>
                  ) : (
                    <VerdictExplained verdict={row.outcome.verdict} />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Page>
  );
}
