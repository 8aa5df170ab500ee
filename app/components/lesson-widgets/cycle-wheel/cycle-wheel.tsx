import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { powerCycleFacts, type PowerCycleFacts } from "#core/numtheory/power-cycle";
import { Formula } from "#app/components/math/formula";
import { readWhole } from "../read-whole";
import { StepperControls } from "../stepper-controls";
import { useStepper } from "../use-stepper";
import { WholeNumberField } from "../whole-number-field";
import { WidgetFrame } from "../widget-frame";
import type { Attributes } from "./params";
import { rhoLayout, VIEW_HEIGHT, VIEW_WIDTH } from "./rho-layout";

const BOUNDS = { a: { min: 0, max: 10_000 }, m: { min: 2, max: 200 } } as const;
const STEP_MILLISECONDS = 700;

const drawingStyles = ({ vars, palette }: Theme) => {
  const colors = vars?.palette ?? palette;
  return {
    "& .ring, & .stem": { fill: "none", stroke: colors.text.secondary, strokeWidth: 1.5 },
    "& .arrow": { fill: colors.text.secondary },
    "& .node circle": { fill: colors.background.paper, strokeWidth: 2.5 },
    "& .dot circle": { strokeWidth: 1 },
    "& .node text": { fill: colors.text.primary, fontFamily: "monospace" },
    "& .tail circle": { stroke: colors.warning.dark, strokeDasharray: "4 3" },
    "& .cycle circle": { stroke: colors.success.main },
    // Opaque, so the ring and the stem do not show through a visited node.
    "& .visited circle": { fill: `color-mix(in srgb, ${colors.text.primary} 14%, ${colors.background.paper})` },
    "& .current circle": { fill: colors.text.primary, stroke: colors.text.primary },
    "& .current text": { fill: colors.background.paper, fontWeight: 700 },
  };
};

/** Which drawn node a^n lands on: the stem for n < tail, then round the cycle. */
const nodeOf = (n: number, { tail, period }: PowerCycleFacts) => (n < tail ? n : tail + ((n - tail) % period));

function RhoDrawing({ facts, step }: { facts: PowerCycleFacts; step: number }) {
  const layout = rhoLayout(facts.tail, facts.period, String(facts.m - 1).length);
  const current = nodeOf(step, facts);
  const font = layout.fontSize;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={`The powers of ${facts.a} modulo ${facts.m} as a path: a tail of ${facts.tail}, then a cycle of ${facts.period}. The list below gives every value.`}
      viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
      sx={drawingStyles}
      style={{ display: "block", width: "100%", maxWidth: 420, height: "auto", margin: "0 auto" }}
    >
      <circle className="ring" cx={layout.centre.x} cy={layout.centre.y} r={layout.ringRadius} />
      {layout.stem.map(({ from, to }, n) => (
        <line key={n} className="stem" x1={from.x} y1={from.y} x2={to.x} y2={to.y} />
      ))}
      {layout.arrows.map(({ x, y, angle }, index) => (
        <polygon
          key={index}
          className="arrow"
          points="5,0 -4,-4.5 -4,4.5"
          transform={`translate(${x} ${y}) rotate(${angle})`}
        />
      ))}
      {facts.powers.map((value, index) => {
        const point = layout.nodes[index];
        if (!point) return null;
        const kind = index < facts.tail ? "tail" : "cycle";
        const className = [
          "node",
          kind,
          font === null ? "dot" : "",
          index <= step ? "visited" : "",
          index === current ? "current" : "",
        ].join(" ");
        return (
          <g key={index} className={className}>
            <circle cx={point.x} cy={point.y} r={layout.nodeRadius} />
            {font !== null && (
              <text x={point.x} y={point.y} textAnchor="middle" dominantBaseline="central" fontSize={font}>
                {value}
              </text>
            )}
          </g>
        );
      })}
    </Box>
  );
}

/** What the cycle means: the order when a is invertible, why 1 never returns when it is not. */
function CycleFacts({ facts }: { facts: PowerCycleFacts }) {
  const { a, m, tail, period, phi } = facts;
  const reduced = a >= m && (
    <>
      Only the remainder matters: <Formula tex={`${a} \\equiv ${a % m} \\pmod{${m}}`} />.{" "}
    </>
  );
  if (facts.gcd === 1) {
    return (
      <Typography>
        {reduced}
        No tail, and a cycle of length {period}. Since <Formula tex={`\\gcd(${a}, ${m}) = 1`} />, the cycle returns to{" "}
        <Formula tex={`${a}^0 = 1`} />, so its length is the order:{" "}
        <Formula tex={`\\operatorname{ord}_{${m}}(${a}) = ${period}`} />, and it divides{" "}
        <Formula tex={`\\varphi(${m}) = ${phi}`} />
        {period === phi ? (
          <>
            . Here it is as long as it can be: {a % m} is a primitive root modulo {m}.
          </>
        ) : (
          <>
            : <Formula tex={`${phi} = ${period} \\cdot ${phi / period}`} />.
          </>
        )}
      </Typography>
    );
  }
  return (
    <Typography>
      {reduced}A tail of {tail} {tail === 1 ? "power" : "powers"}, then a cycle of length {period}. Since{" "}
      <Formula tex={`\\gcd(${a}, ${m}) = ${facts.gcd} > 1`} />, no power after <Formula tex={`${a}^0`} /> is{" "}
      <Formula tex={`\\equiv 1`} />: the powers never come back to the start, and {a} has no order modulo {m}.
    </Typography>
  );
}

/**
 * The powers a^0, a^1, … mod m drawn as a ρ: the tail climbs into a ring, and the ring is the cycle.
 * Step and Play walk along it one power at a time.
 */
export default function CycleWheel(props: Attributes) {
  const [aText, setAText] = useState(String(props.a));
  const [mText, setMText] = useState(String(props.m));
  const [inputs, setInputs] = useState({ a: props.a, m: props.m });
  const facts = useMemo(() => powerCycleFacts(inputs.a, inputs.m), [inputs]);
  const lastStep = facts.tail + facts.period;
  const stepper = useStepper({ last: lastStep, delay: STEP_MILLISECONDS });
  const { step } = stepper;

  const aRead = readWhole(aText, BOUNDS.a);
  const mRead = readWhole(mText, BOUNDS.m);
  const update = (nextA: string, nextM: string) => {
    setAText(nextA);
    setMText(nextM);
    const a = readWhole(nextA, BOUNDS.a);
    const m = readWhole(nextM, BOUNDS.m);
    if (typeof a === "number" && typeof m === "number") {
      setInputs({ a, m });
      stepper.reset();
    }
  };

  const { a, m, powers, tail } = facts;
  const value = powers[nodeOf(step, facts)] ?? 0;
  const tailValues = powers.slice(0, tail);
  const cycleValues = powers.slice(tail);
  const closing = step === lastStep;
  const valuesList = `${tail > 0 ? `Tail: ${tailValues.join(", ")}. ` : ""}Cycle: ${cycleValues.join(", ")}, then ${cycleValues[0]} again.`;
  // The list of values is the only part whose height grows with m: about 40 characters a line at 360 px.
  const minHeight = `${860 + 20 * Math.ceil(valuesList.length / 40)}px`;

  return (
    <WidgetFrame
      title="The cycle wheel of aⁿ mod m"
      instructions="Change a and m, then step along the powers. Try a = 2 with m = 12, 10 or 7."
      minHeight={minHeight}
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
        <WholeNumberField
          label="Base a"
          value={aText}
          onChange={(text) => update(text, mText)}
          reading={aRead}
          hint={`0 to ${BOUNDS.a.max.toLocaleString("en-GB")}`}
          width={130}
        />
        <WholeNumberField
          label="Modulus m"
          value={mText}
          onChange={(text) => update(aText, text)}
          reading={mRead}
          hint={`2 to ${BOUNDS.m.max}`}
          width={130}
        />
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
        <StepperControls stepper={stepper} resetLabel="Start over" />
      </Stack>
      <Typography aria-live="polite" sx={{ mb: 1, minHeight: "3em" }}>
        <Formula tex={`${a}^{${step}} \\equiv ${value} \\pmod{${m}}`} />
        {closing ? (
          <>
            , the same as <Formula tex={`${a}^{${tail}}`} />: the cycle closes, and from here on everything repeats.
          </>
        ) : step < tail ? (
          ", still on the tail."
        ) : (
          ", on the cycle."
        )}
      </Typography>
      <RhoDrawing facts={facts} step={step} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 1 }}>
        Dashed circles: the tail, never visited again. Solid circles: the cycle. The filled circle is the current power.
      </Typography>
      <Box aria-live="polite">
        <CycleFacts facts={facts} />
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: "anywhere" }}>
          {valuesList}
        </Typography>
      </Box>
    </WidgetFrame>
  );
}
