import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { mod } from "#core/numtheory/bigint";
import {
  CRT_MAX_CONGRUENCES,
  solveCongruences,
  type Congruence,
  type CrtSolution,
  type CrtStep,
} from "#core/numtheory/chinese-remainder";
import { parseModulus, parseResidue } from "#core/numtheory/congruence-list";
import { Formula } from "#app/components/math/formula";
import { reservedHeight } from "../remainder-table/reserved-height";
import { WidgetFrame } from "../widget-frame";
import type { Attributes } from "./params";

interface Row {
  key: number;
  residue: string;
  modulus: string;
}

const SUBSCRIPT_DIGITS = "₀₁₂₃₄₅₆₇₈₉";
const subscript = (n: number) => [...String(n)].map((digit) => SUBSCRIPT_DIGITS[Number(digit)]).join("");

/**
 * The height the first state needs, in rem, from what it shows: a row per
 * congruence, a block per merge, a line per division of Euclid's algorithm;
 * long numbers wrap more. Fitted to Chromium measurements of a dozen systems
 * at widths from 360 to 1280 px, rounded up.
 */
function reservedSolverHeight(solution: CrtSolution): string {
  const { congruences, steps } = solution;
  const divisions = steps.reduce((count, step) => count + step.euclid.divisions.length, 0);
  const digits = Math.max(0, ...steps.map((step) => String(step.left.modulus * step.right.modulus).length));
  const longNumbers = digits > 9;
  const wide =
    27 +
    6 * (congruences.length - 1) +
    (longNumbers ? 15 : 11) * steps.length +
    1.5 * divisions +
    (solution.kind === "inconsistent" ? 4 - 2.5 * congruences.length : 0);
  // How much taller narrower columns make it; the widths allow 16 px for a scrollbar.
  const factors = longNumbers ? [1.1, 1.22, 1.38, 1.52] : [1.03, 1.1, 1.3, 1.42];
  return reservedHeight(
    wide,
    [847, 731, 631, 431].map((below, index) => ({ below, height: factors[index]! * wide })),
  );
}

/** A factor in a product: negative numbers in brackets. */
const factor = (n: bigint) => (n < 0n ? `(${n})` : `${n}`);
const congruenceTex = ({ residue, modulus }: Congruence) => `x \\equiv ${residue} \\pmod{${modulus}}`;

/** One merge of two congruences, every number of it shown. */
function MergeStep({ step, number }: { step: CrtStep; number: number }) {
  const { left, right, euclid, difference } = step;
  const g = euclid.gcd;
  const M = left.modulus;
  const m = right.modulus;
  return (
    <Box component="li" sx={{ mb: 2, overflowX: "auto" }}>
      <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
        Step {number}: combine <Formula tex={congruenceTex(left)} /> with <Formula tex={congruenceTex(right)} />
      </Typography>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        Write <Formula tex={`x = ${left.residue} + ${M}t`} />. Then{" "}
        <Formula tex={`${M}t \\equiv ${right.residue} - ${factor(left.residue)} = ${difference} \\pmod{${m}}`} />.
      </Typography>
      <Typography variant="body2">
        Euclid&apos;s algorithm on {M.toString()} and {m.toString()}:
      </Typography>
      <Box component="ul" sx={{ fontFamily: "monospace", fontSize: 14, my: 0.5, pl: 3 }}>
        {euclid.divisions.map((row, index) => (
          <li key={index}>{`${row.dividend} = ${row.quotient}·${row.divisor} + ${row.remainder}`}</li>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        Working back: <Formula tex={`${M}\\cdot ${factor(euclid.x)} + ${m}\\cdot ${factor(euclid.y)} = ${g}`} />, so{" "}
        <Formula tex={`\\gcd(${M}, ${m}) = ${g}`} />.
      </Typography>
      {step.kind === "clash" ? (
        <Typography variant="body2" sx={{ color: "error.main", fontWeight: 700 }}>
          {`${g} does not divide ${difference}: no whole number t works, so these two congruences have no common solution.`}
        </Typography>
      ) : (
        <MergedStepEnd step={step} />
      )}
    </Box>
  );
}

function MergedStepEnd({ step }: { step: Extract<CrtStep, { kind: "merged" }> }) {
  const { left, right, euclid, difference, inverse, t, result } = step;
  const g = euclid.gcd;
  const reducedLeft = left.modulus / g;
  const reducedRight = right.modulus / g;
  const quotient = difference / g;
  return (
    <>
      {g === 1n ? (
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          So the inverse of {left.modulus.toString()} mod {right.modulus.toString()} is{" "}
          <Formula tex={`${left.modulus}^{-1} \\equiv ${inverse} \\pmod{${right.modulus}}`} />.
        </Typography>
      ) : (
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          {`${g} divides ${difference}, so divide everything by ${g}: `}
          <Formula tex={`${reducedLeft}t \\equiv ${quotient} \\pmod{${reducedRight}}`} />, and{" "}
          <Formula tex={`${reducedLeft}^{-1} \\equiv ${inverse} \\pmod{${reducedRight}}`} />.
        </Typography>
      )}
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        <Formula tex={`t \\equiv ${inverse}\\cdot ${factor(quotient)} \\equiv ${t} \\pmod{${reducedRight}}`} />, so{" "}
        <Formula tex={`x = ${left.residue} + ${left.modulus}\\cdot ${t} = ${result.residue}`} />.
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        Combined: <Formula tex={congruenceTex(result)} />
        {g === 1n ? "" : ` (the new modulus is lcm(${left.modulus}, ${right.modulus}) = ${result.modulus})`}
      </Typography>
    </>
  );
}

function Outcome({ solution, given }: { solution: CrtSolution; given: Congruence[] }) {
  if (solution.kind === "inconsistent") {
    const { first, second, gcd } = solution.clash;
    const [p, q] = [given[first]!, given[second]!];
    return (
      <Box sx={{ mt: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>No solution.</Typography>
        <Typography variant="body2">
          Congruences {first + 1} and {second + 1} clash: <Formula tex={`\\gcd(${p.modulus}, ${q.modulus}) = ${gcd}`} />
          , and a number satisfying both would leave the same remainder on division by {gcd.toString()} as{" "}
          {p.residue.toString()} and as {q.residue.toString()}; but{" "}
          <Formula tex={`${p.residue} - ${factor(q.residue)} = ${p.residue - q.residue}`} /> is not a multiple of{" "}
          {gcd.toString()}.
        </Typography>
      </Box>
    );
  }
  const { residue, modulus } = solution.solution;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography sx={{ fontWeight: 700 }}>
        Answer: <Formula tex={congruenceTex(solution.solution)} />. The smallest non-negative solution is{" "}
        {residue.toString()}.
      </Typography>
      <Box
        component="table"
        aria-label="Check of the answer against each congruence"
        sx={{
          mt: 1,
          borderCollapse: "collapse",
          fontSize: 14,
          "& th, & td": { px: 1, py: 0.25, textAlign: "left", borderBottom: 1, borderColor: "divider" },
        }}
      >
        <thead>
          <tr>
            <th scope="col">Congruence</th>
            <th scope="col">{`${residue} mod m`}</th>
            <th scope="col">a mod m</th>
            <th scope="col">Holds</th>
          </tr>
        </thead>
        <tbody>
          {given.map((congruence, index) => {
            const got = mod(residue, congruence.modulus);
            const wanted = mod(congruence.residue, congruence.modulus);
            return (
              <tr key={index}>
                <td>
                  <Formula tex={congruenceTex(congruence)} />
                </td>
                <td>{got.toString()}</td>
                <td>{wanted.toString()}</td>
                <td>{got === wanted ? "✓ yes" : "✗ no"}</td>
              </tr>
            );
          })}
        </tbody>
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        Every solution is {residue.toString()} plus a multiple of {modulus.toString()}.
      </Typography>
    </Box>
  );
}

/** A system of congruences edited as a list, solved by merging two at a time, each step shown. */
export default function CrtSolver({ congruences: initial }: Attributes) {
  const [rows, setRows] = useState<Row[]>(() =>
    initial.map((congruence, key) => ({
      key,
      residue: String(congruence.residue),
      modulus: String(congruence.modulus),
    })),
  );
  const [nextKey, setNextKey] = useState(initial.length);

  const parsedRows = rows.map((row) => ({ residue: parseResidue(row.residue), modulus: parseModulus(row.modulus) }));
  const given: Congruence[] = [];
  for (const { residue, modulus } of parsedRows) {
    if (residue.ok && modulus.ok) given.push({ residue: residue.value, modulus: modulus.value });
  }
  const solution = given.length === rows.length ? solveCongruences(given) : null;

  const update = (key: number, field: "residue" | "modulus", value: string) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const add = () => {
    setRows((current) => [...current, { key: nextKey, residue: "0", modulus: "2" }]);
    setNextKey(nextKey + 1);
  };
  const remove = (key: number) => setRows((current) => current.filter((row) => row.key !== key));

  const summary =
    solution === null
      ? "Fix the marked fields to see the solution."
      : solution.kind === "solved"
        ? `x ≡ ${solution.solution.residue} (mod ${solution.solution.modulus}); the smallest non-negative solution is ${solution.solution.residue}.`
        : `No solution: congruences ${solution.clash.first + 1} and ${solution.clash.second + 1} clash.`;
  const reduced = given.filter(({ residue, modulus }) => residue < 0n || residue >= modulus);

  return (
    <WidgetFrame
      title="Chinese remainder solver"
      instructions="Edit the congruences x ≡ a (mod m), add or remove some (up to six, moduli up to 1 000 000). The solver merges them two at a time and shows every step."
      minHeight={reservedSolverHeight(solveCongruences(initial))}
    >
      <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Congruences">
        {rows.map((row, index) => {
          const parsed = parsedRows[index]!;
          return (
            <Box
              component="li"
              key={row.key}
              sx={{
                display: "grid",
                gridTemplateColumns: "auto minmax(0, 8rem) auto minmax(0, 8rem) auto auto",
                justifyContent: "start",
                columnGap: 1,
                alignItems: "start",
                mb: 1.5,
              }}
            >
              <Box sx={{ pt: 1 }} aria-hidden>
                <Formula tex={"x \\equiv"} />
              </Box>
              <TextField
                label={`a${subscript(index + 1)}`}
                size="small"
                value={row.residue}
                onChange={(event) => update(row.key, "residue", event.target.value)}
                error={!parsed.residue.ok}
                helperText={parsed.residue.ok ? undefined : parsed.residue.message}
                slotProps={{ htmlInput: { inputMode: "numeric", "aria-label": `Remainder a${subscript(index + 1)}` } }}
              />
              <Box sx={{ pt: 1 }} aria-hidden>
                (mod
              </Box>
              <TextField
                label={`m${subscript(index + 1)}`}
                size="small"
                value={row.modulus}
                onChange={(event) => update(row.key, "modulus", event.target.value)}
                error={!parsed.modulus.ok}
                helperText={parsed.modulus.ok ? undefined : parsed.modulus.message}
                slotProps={{ htmlInput: { inputMode: "numeric", "aria-label": `Modulus m${subscript(index + 1)}` } }}
              />
              <Box sx={{ pt: 1 }} aria-hidden>
                )
              </Box>
              <IconButton
                aria-label={`Remove congruence ${index + 1}`}
                onClick={() => remove(row.key)}
                disabled={rows.length === 1}
              >
                <DeleteOutlined />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      <Button
        variant="outlined"
        color="inherit"
        onClick={add}
        disabled={rows.length >= CRT_MAX_CONGRUENCES}
        sx={{ mb: 2 }}
      >
        Add a congruence
      </Button>
      <Typography aria-live="polite" sx={{ mb: 2, fontWeight: 700 }}>
        {summary}
      </Typography>
      {solution && (
        <>
          {reduced.length > 0 && (
            <Typography variant="body2" sx={{ mb: 1 }}>
              First each remainder is reduced to 0 … m − 1:{" "}
              {reduced.map(({ residue, modulus }) => `${residue} mod ${modulus} = ${mod(residue, modulus)}`).join("; ")}
              .
            </Typography>
          )}
          {solution.steps.length === 0 && (
            <Typography variant="body2">One congruence is its own answer: nothing to combine.</Typography>
          )}
          <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Steps">
            {solution.steps.map((step, index) => (
              <MergeStep key={index} step={step} number={index + 1} />
            ))}
          </Box>
          <Outcome solution={solution} given={given} />
        </>
      )}
    </WidgetFrame>
  );
}
