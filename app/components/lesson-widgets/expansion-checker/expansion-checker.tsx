import CancelOutlined from "@mui/icons-material/CancelOutlined";
import CheckCircleOutlined from "@mui/icons-material/CheckCircleOutlined";
import ErrorOutlined from "@mui/icons-material/ErrorOutlined";
import FlagOutlined from "@mui/icons-material/FlagOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from "react";
import {
  checkExpansionChain,
  MAX_CHAIN_LINES,
  type ChainReport,
  type Counterexample,
  type LineCheck,
} from "#core/algebra/expansion-chain";
import { rationalToTex } from "#core/algebra/rational";
import { Formula } from "#app/components/math/formula";
import { WidgetFrame } from "../widget-frame";
import type { Attributes } from "./params";

/** a = 1, b = 2: the values of a counterexample as one formula. */
const valuesTex = ({ values }: Counterexample) =>
  values.map(([name, value]) => `${name} = ${rationalToTex(value)}`).join(",\\ ");

/** One sentence about the whole chain, for the live region: what changed is usually the last line. */
function summarize(report: ChainReport): string {
  const { lines, lastExpanded, skippedLines } = report;
  if (lines.length === 0) return "Type the expression to start from.";
  const sentences: string[] = [];
  const steps = lines.filter((line) => line.kind === "equal" || line.kind === "different");
  const wrong = steps.filter((line) => line.kind === "different");
  const unreadable = lines.filter((line) => line.kind === "syntax-error" || line.kind === "not-polynomial");
  if (steps.length > 0) {
    const [first] = wrong;
    sentences.push(
      first?.kind === "different"
        ? `Line ${first.line} is not equal to line ${first.comparedWith}${wrong.length > 1 ? `, and ${wrong.length - 1} more ${wrong.length === 2 ? "step is" : "steps are"} wrong` : ""}.`
        : steps.length === 1
          ? "Your step is equal to the line before."
          : `All ${steps.length} steps are equal to the line before.`,
    );
  }
  if (unreadable.length > 0) {
    const numbers = unreadable.map((line) => line.line).join(", ");
    sentences.push(`${unreadable.length === 1 ? "Line" : "Lines"} ${numbers} could not be checked.`);
  }
  if (lastExpanded?.expanded) sentences.push("The last line is fully expanded.");
  else if (lastExpanded) sentences.push(`The last line is not fully expanded yet: ${lastExpanded.reason}.`);
  if (skippedLines > 0) sentences.push(`Only the first ${MAX_CHAIN_LINES} lines are checked.`);
  return sentences.join(" ");
}

function Verdict({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
      <Box sx={{ display: "flex", pt: "2px" }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Stack>
  );
}

function LineResult({ check }: { check: LineCheck }) {
  const formula = "tex" in check ? <Formula tex={check.tex} /> : null;
  let verdict: ReactNode;
  switch (check.kind) {
    case "start":
      verdict = <Verdict icon={<FlagOutlined fontSize="small" color="action" />}>The starting point.</Verdict>;
      break;
    case "equal":
      verdict = (
        <Verdict icon={<CheckCircleOutlined fontSize="small" color="success" />}>
          Equal to line {check.comparedWith}.
        </Verdict>
      );
      break;
    case "different": {
      const example = check.counterexample;
      verdict = (
        <Verdict icon={<CancelOutlined fontSize="small" color="error" />}>
          <strong>Not equal to line {check.comparedWith}.</strong> Try <Formula tex={valuesTex(example)} />: line{" "}
          {check.comparedWith} gives <Formula tex={rationalToTex(example.earlierValue)} />, this line gives{" "}
          <Formula tex={rationalToTex(example.value)} />.
        </Verdict>
      );
      break;
    }
    case "not-polynomial":
      verdict = (
        <Verdict icon={<ErrorOutlined fontSize="small" color="warning" />}>
          Not a polynomial, so it cannot be compared: {check.reason}.
        </Verdict>
      );
      break;
    case "syntax-error":
      verdict = (
        <Verdict icon={<ErrorOutlined fontSize="small" color="warning" />}>
          Cannot read this line: {check.message}.
          <Box
            component="pre"
            aria-hidden
            sx={{ fontFamily: "monospace", fontSize: "0.875rem", m: 0, mt: 0.5, overflowX: "auto", whiteSpace: "pre" }}
          >
            {check.text}
            {"\n"}
            {" ".repeat(check.position)}^
          </Box>
        </Verdict>
      );
      break;
  }
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: "divider" }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 0.5, sm: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: "3.5rem", flexShrink: 0 }}>
          Line {check.line}
        </Typography>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          {formula && <Box sx={{ overflowX: "auto", overflowY: "hidden", mb: 0.5 }}>{formula}</Box>}
          {verdict}
        </Box>
      </Stack>
    </Box>
  );
}

/**
 * A chain of expansion steps typed one per line. Each line is compared with the line before as
 * polynomials (exactly, not by trying numbers); a wrong step gets values of the letters that
 * show the difference. The last line is also checked for being fully expanded.
 */
export default function ExpansionChecker({ start }: Attributes) {
  const [text, setText] = useState(start);
  const fieldId = useId();
  // Checking can take a moment for big powers: typing stays responsive, the verdicts follow.
  const checkedText = useDeferredValue(text);
  const report = useMemo(() => checkExpansionChain(checkedText), [checkedText]);
  return (
    <WidgetFrame
      title="Check an expansion, step by step"
      instructions="Press Enter after the expression and write the next step on a new line. Each line is compared with the one before it."
      minHeight="39rem"
    >
      <TextField
        id={fieldId}
        label="Your steps, one per line"
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        rows={5}
        fullWidth
        helperText="Powers with ^ as in a^2; multiply with * or by writing side by side, as in 2ab or (a+b)(a+b)."
        slotProps={{
          htmlInput: { spellCheck: false, autoCapitalize: "off", autoCorrect: "off", maxLength: 4000 },
        }}
        sx={{ "& textarea": { fontFamily: "monospace" } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, mb: 2 }}>
        <Button variant="outlined" color="inherit" onClick={() => setText(start)} disabled={text === start}>
          Start over
        </Button>
      </Stack>
      <Typography aria-live="polite" sx={{ mb: 1, fontWeight: 500 }}>
        {summarize(report)}
      </Typography>
      {report.lines.length > 0 && (
        <Box component="ol" aria-label="Each line checked" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {report.lines.map((check) => (
            <LineResult key={check.line} check={check} />
          ))}
        </Box>
      )}
    </WidgetFrame>
  );
}
