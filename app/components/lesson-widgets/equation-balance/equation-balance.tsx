import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState, type FormEvent } from "react";
import {
  applyOperation,
  checkBySubstitution,
  describeOperation,
  equationStatus,
  equationToTex,
  parseLinearEquation,
  parseOperation,
  sideToText,
  suggestOperation,
  type LinearEquation,
  type Operation,
  type OperationKind,
  type ParsedEquation,
} from "#core/algebra/linear-equation";
import { rationalToTex, rationalToText } from "#core/algebra/rational";
import { Formula } from "#app/components/math/formula";
import { WidgetFrame } from "../widget-frame";
import type { Attributes } from "./params";

/** Enough for any sensible solution; keeps numbers from growing without end. */
const MAX_STEPS = 30;
const MAX_AMOUNT_LENGTH = 20;

const BUTTONS: { kind: OperationKind; label: string }[] = [
  { kind: "add", label: "Add to both sides" },
  { kind: "subtract", label: "Subtract from both sides" },
  { kind: "multiply", label: "Multiply both sides by" },
  { kind: "divide", label: "Divide both sides by" },
];

interface Step {
  operation: Operation;
  equation: LinearEquation;
}

/** What the reader would type to repeat an operation: "5", "2x", "3/4". */
function amountText(operation: Operation): string {
  switch (operation.kind) {
    case "add":
    case "subtract":
      return sideToText(operation.amount);
    case "multiply":
    case "divide":
      return rationalToText(operation.amount);
  }
}

function OperationWords({ operation }: { operation: Operation }) {
  const { before, amountTex, after } = describeOperation(operation);
  return (
    <>
      {before} <Formula tex={amountTex} />
      {after && ` ${after}`}
    </>
  );
}

const drawingStyles = ({ vars, palette }: Theme) => {
  const colors = vars?.palette ?? palette;
  return {
    "& .stand": { fill: colors.text.secondary },
    "& .beam": { stroke: colors.text.primary, strokeWidth: 6, strokeLinecap: "round" },
    "& .string": { stroke: colors.text.secondary, strokeWidth: 1.5 },
    "& .pan": { fill: colors.action.selected, stroke: colors.text.primary, strokeWidth: 2 },
    "& text": { fill: colors.text.primary, fontFamily: "inherit" },
  };
};

const PIVOT = { x: 200, y: 62 };
const ARM = 140;
/** How far the beam tips, in degrees, when the two sides can never be equal. */
const TIP = 9;

/** The balance: one pan per side, level unless the sides are two different numbers. */
function Balance({ equation, tipped }: { equation: LinearEquation; tipped: boolean }) {
  const [leftText, rightText] = [sideToText(equation.left), sideToText(equation.right)].map((text) =>
    text.replace(/-/g, "−"),
  ) as [string, string];
  const heavierLeft =
    equation.left.constant.num * equation.right.constant.den > equation.right.constant.num * equation.left.constant.den;
  // SVG angles turn clockwise; a heavier left side turns the beam anticlockwise.
  const angle = tipped ? ((heavierLeft ? -TIP : TIP) * Math.PI) / 180 : 0;
  const ends = [-1, 1].map((direction) => ({
    x: PIVOT.x + direction * ARM * Math.cos(angle),
    y: PIVOT.y + direction * ARM * Math.sin(angle),
  }));
  const label = `A balance with ${leftText} on the left pan and ${rightText} on the right pan; ${
    tipped ? `the beam tips to the ${heavierLeft ? "left" : "right"}` : "the beam is level"
  }.`;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox="0 0 400 200"
      sx={drawingStyles}
      style={{ display: "block", width: "100%", maxWidth: 480, height: "auto", margin: "0 auto" }}
    >
      <polygon className="stand" points={`${PIVOT.x},${PIVOT.y} ${PIVOT.x - 22},190 ${PIVOT.x + 22},190`} />
      <rect className="stand" x={PIVOT.x - 60} y={188} width={120} height={8} rx={3} />
      <line className="beam" x1={ends[0]!.x} y1={ends[0]!.y} x2={ends[1]!.x} y2={ends[1]!.y} />
      {ends.map((end, i) => {
        const text = i === 0 ? leftText : rightText;
        const font = Math.min(20, 210 / Math.max(1, text.length));
        const panY = end.y + 70;
        return (
          <g key={i}>
            <line className="string" x1={end.x} y1={end.y} x2={end.x - 48} y2={panY} />
            <line className="string" x1={end.x} y1={end.y} x2={end.x + 48} y2={panY} />
            <path className="pan" d={`M ${end.x - 56} ${panY} Q ${end.x} ${panY + 26} ${end.x + 56} ${panY} Z`} />
            <text x={end.x} y={panY - 8} textAnchor="middle" fontSize={font}>
              {text}
            </text>
          </g>
        );
      })}
    </Box>
  );
}

function Status({ start, equation }: { start: ParsedEquation; equation: LinearEquation }) {
  const status = equationStatus(equation);
  switch (status.kind) {
    case "isolated": {
      const check = checkBySubstitution(start, status.x);
      return (
        <>
          <strong>
            x is on its own: <Formula tex={`x = ${rationalToTex(status.x)}`} />.
          </strong>{" "}
          Check it in the first equation: <Formula tex={`${check.leftTex} = ${rationalToTex(check.leftValue)}`} /> and{" "}
          <Formula tex={`${check.rightTex} = ${rationalToTex(check.rightValue)}`} />
          {check.holds ? ", the same number. The solution is right." : ": different, so something went wrong."}
        </>
      );
    }
    case "identity":
      return (
        <>
          <strong>Both sides are the same.</strong> The balance is level whatever x is: every number is a solution.
        </>
      );
    case "contradiction":
      return (
        <>
          <strong>There is no x left, and the two numbers are different.</strong> No value of x can balance the pans:
          the equation has no solution.
        </>
      );
    case "open":
      return <>Do the same to both sides until x stands alone on one side.</>;
  }
}

/**
 * A linear equation on a balance. The reader adds, subtracts, multiplies or divides both sides by
 * what they type; each step is written out, the balance stays level, and once x stands alone the
 * value is checked by putting it back into the first equation.
 */
export default function EquationBalance({ equation: initialEquation }: Attributes) {
  const [draft, setDraft] = useState(initialEquation);
  const [start, setStart] = useState(() => parseLinearEquation(initialEquation));
  const [steps, setSteps] = useState<Step[]>([]);
  const [amount, setAmount] = useState("");
  const [notice, setNotice] = useState<{ severity: "info" | "warning"; text: string } | null>(null);

  const begin = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseLinearEquation(draft);
    setStart(parsed);
    setSteps([]);
    setNotice(null);
  };

  if (!start.ok) {
    return (
      <WidgetFrame
        title="Solve on a balance"
        instructions="Type an equation in x, such as 3x + 5 = 20."
        minHeight="61rem"
      >
        <EquationForm draft={draft} setDraft={setDraft} onSubmit={begin} error={start.message} />
      </WidgetFrame>
    );
  }

  const current = steps.at(-1)?.equation ?? start.value.equation;
  const status = equationStatus(current);
  const finished = status.kind !== "open";

  const apply = (kind: OperationKind) => {
    if (amount.trim() === "") {
      setNotice({ severity: "info", text: "First type a number or a term in the box, such as 5 or 2x." });
      return;
    }
    const parsed = parseOperation(kind, amount);
    if (!parsed.ok) {
      setNotice({ severity: "warning", text: `Not allowed: ${parsed.message}.` });
      return;
    }
    setSteps([...steps, { operation: parsed.value, equation: applyOperation(current, parsed.value) }]);
    setNotice(null);
  };

  const suggest = () => {
    const suggestion = suggestOperation(current);
    if (!suggestion) return;
    setAmount(amountText(suggestion));
    const { before, after } = describeOperation(suggestion);
    setNotice({
      severity: "info",
      text: `Try this: ${before} ${amountText(suggestion)}${after ? ` ${after}` : ""}. The amount is filled in; press the button.`,
    });
  };

  return (
    <WidgetFrame
      title="Solve on a balance"
      instructions="Type a number or a term such as 2x, then press a button: it is done to both sides at once."
      minHeight="61rem"
    >
      <EquationForm draft={draft} setDraft={setDraft} onSubmit={begin} error={null} />
      <Balance equation={current} tipped={status.kind === "contradiction"} />
      <Box sx={{ textAlign: "center", my: 1, overflowX: "auto" }}>
        <Formula tex={equationToTex(current)} display />
      </Box>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: "wrap", alignItems: "flex-start", mb: 1 }}>
        <TextField
          label="Number or term"
          size="small"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          helperText="For example 5, 2x or 1/3"
          disabled={finished || steps.length >= MAX_STEPS}
          slotProps={{ htmlInput: { maxLength: MAX_AMOUNT_LENGTH, spellCheck: false, autoCapitalize: "off" } }}
          sx={{ width: 160 }}
        />
        {BUTTONS.map(({ kind, label }) => (
          <Button
            key={kind}
            variant="contained"
            onClick={() => apply(kind)}
            disabled={finished || steps.length >= MAX_STEPS}
          >
            {label}
          </Button>
        ))}
      </Stack>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: "wrap", mb: 2 }}>
        <Button variant="outlined" color="inherit" onClick={suggest} disabled={finished}>
          Suggest a step
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          onClick={() => {
            setSteps(steps.slice(0, -1));
            setNotice(null);
          }}
          disabled={steps.length === 0}
        >
          Undo
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          onClick={() => {
            setSteps([]);
            setNotice(null);
          }}
          disabled={steps.length === 0}
        >
          Start over
        </Button>
      </Stack>
      <Box aria-live="polite">
        {notice && (
          <Alert severity={notice.severity} sx={{ mb: 1 }}>
            {notice.text}
          </Alert>
        )}
        <Typography component="div">
          <Status start={start.value} equation={current} />
        </Typography>
        {steps.length >= MAX_STEPS && !finished && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            That is {MAX_STEPS} steps: undo some, or start over.
          </Typography>
        )}
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Steps so far
      </Typography>
      <Box component="ol" sx={{ pl: 3, my: 0.5 }}>
        <li>
          Start: <Formula tex={equationToTex(start.value.equation)} />
        </li>
        {steps.map((step, i) => (
          <li key={i}>
            <OperationWords operation={step.operation} />: <Formula tex={equationToTex(step.equation)} />
          </li>
        ))}
      </Box>
    </WidgetFrame>
  );
}

function EquationForm({
  draft,
  setDraft,
  onSubmit,
  error,
}: {
  draft: string;
  setDraft: (text: string) => void;
  onSubmit: (event: FormEvent) => void;
  error: string | null;
}) {
  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ mb: 2 }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: "wrap", alignItems: "flex-start" }}>
        <TextField
          label="Equation in x"
          size="small"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={error !== null}
          helperText={error ?? "Linear: like 3x + 5 = 20 or 2(x − 1) = x + 4."}
          slotProps={{ htmlInput: { maxLength: 60, spellCheck: false, autoCapitalize: "off" } }}
          sx={{ flex: "1 1 220px" }}
        />
        <Button type="submit" variant="outlined" color="inherit">
          Use this equation
        </Button>
      </Stack>
    </Box>
  );
}
