import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useMemo, useState } from "react";
import {
  describeNeighbourhood,
  divisorCountTex,
  divisorLattice,
  gcdLcmTex,
  join,
  latticeInputProblem,
  meet,
} from "#core/numtheory/divisor-lattice";
import { factorizationTex } from "#core/numtheory/factorization-text";
import { Formula } from "#app/components/math/formula";
import { PRIME_COLOUR_COUNT, primeColour } from "../atom/prime-colours";
import { parseWholeNumber } from "../atom/whole-number-input";
import { WidgetFrame } from "../widget-frame";
import { LATTICE_MAX_SCALE, LATTICE_MIN_SCALE, LatticeDiagram } from "./lattice-diagram";
import type { Attributes } from "./params";

/** The widget's column (px) on a 360 px phone and on a desktop, where the chapter's column is at its widest. */
const PHONE_COLUMN = 294;
const DESKTOP_COLUMN = 736;
/** Everything but the diagram (px), measured at both widths, plus a margin. */
const PHONE_REST = 800;
const DESKTOP_REST = 630;

/** Room the widget takes before it hydrates, so nothing below it moves: the taller of the phone and desktop layouts. */
function minHeightFor(n: number): string {
  const { width, height } = divisorLattice(n);
  const drawn = (column: number) => height * Math.min(LATTICE_MAX_SCALE, Math.max(LATTICE_MIN_SCALE, column / width));
  return `${Math.ceil(Math.max(PHONE_REST + drawn(PHONE_COLUMN), DESKTOP_REST + drawn(DESKTOP_COLUMN)))}px`;
}

export default function DivisorLatticeWidget({ n: initialN }: Attributes) {
  const [text, setText] = useState(String(initialN));
  const [n, setN] = useState(initialN);
  const [active, setActive] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [focusIndex, setFocusIndex] = useState(0);
  const describedBy = useId();
  const lattice = useMemo(() => divisorLattice(n), [n]);
  const minHeight = useMemo(() => minHeightFor(initialN), [initialN]);
  const problem = latticeInputProblem(parseWholeNumber(text));
  const powers = lattice.primes.map((prime, i) => ({ prime, exponent: lattice.exponents[i] ?? 0 }));

  const [first, second] = selected;
  const valueOf = (index: number) => lattice.nodes[index]?.value ?? 0;
  const pair =
    first !== undefined && second !== undefined
      ? {
          a: valueOf(first),
          b: valueOf(second),
          gcd: valueOf(meet(lattice, first, second)),
          lcm: valueOf(join(lattice, first, second)),
          bounds: [meet(lattice, first, second), join(lattice, first, second)],
          tex: gcdLcmTex(lattice, first, second),
        }
      : null;

  /** Selecting a third divisor drops the older of the two. */
  const toggle = (index: number) =>
    setSelected((current) =>
      current.includes(index) ? current.filter((i) => i !== index) : [...current, index].slice(-2),
    );
  const choose = (slot: 0 | 1, value: string) =>
    setSelected((current) => {
      const next = [current[0], current[1]];
      next[slot] = value === "" ? undefined : lattice.nodes.findIndex((node) => node.value === Number(value));
      return next.filter((index): index is number => index !== undefined && index >= 0);
    });

  return (
    <WidgetFrame
      title="The divisor lattice"
      instructions="Hover over or focus a divisor (Tab, then the arrow keys) to light up its divisors and multiples. Select two (click, Enter or the menus) to see their gcd and lcm."
      minHeight={minHeight}
    >
      <TextField
        label="Number n"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const value = parseWholeNumber(event.target.value);
          if (latticeInputProblem(value) === null) {
            setN(value);
            setSelected([]);
            setActive(null);
            setFocusIndex(0);
          }
        }}
        error={problem !== null}
        helperText={problem ?? "From 1 to 1000000, with at most 64 divisors."}
        size="small"
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: "numeric" } }}
        sx={{ mb: 1, width: "20rem", maxWidth: "100%" }}
      />
      <Box sx={{ overflowX: "auto", mb: 1 }}>
        <Formula tex={`${n} = ${factorizationTex(powers)}`} />
        {", "}
        <Formula tex={divisorCountTex(lattice)} />
        {" divisors."}
      </Box>
      <PrimeLegend primes={lattice.primes} />
      <LatticeDiagram
        key={n}
        lattice={lattice}
        active={active}
        selected={selected}
        bounds={pair?.bounds ?? []}
        focusIndex={focusIndex}
        onActivate={setActive}
        onToggle={toggle}
        onFocusMove={setFocusIndex}
        describedBy={describedBy}
      />
      <Typography aria-live="polite" sx={{ minHeight: "4.5em", mt: 1 }}>
        {active === null
          ? "Hover over or focus a divisor to see its exponents."
          : describeNeighbourhood(lattice, active)}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center", my: 2 }}>
        {([0, 1] as const).map((slot) => (
          <TextField
            key={slot}
            select
            label={slot === 0 ? "First divisor" : "Second divisor"}
            value={selected[slot] === undefined ? "" : String(valueOf(selected[slot]))}
            onChange={(event) => choose(slot, event.target.value)}
            size="small"
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ width: "8.5rem" }}
          >
            <option value="">None</option>
            {[...lattice.nodes]
              .sort((a, b) => a.value - b.value)
              .map((node) => (
                <option key={node.value} value={node.value}>
                  {node.value}
                </option>
              ))}
          </TextField>
        ))}
        <Button variant="outlined" color="inherit" disabled={selected.length === 0} onClick={() => setSelected([])}>
          Clear
        </Button>
      </Stack>
      <Box aria-live="polite" sx={{ minHeight: "8.5rem", overflowX: "auto" }}>
        {pair ? (
          <>
            <Formula display tex={pair.tex.gcd} />
            <Formula display tex={pair.tex.lcm} />
            <Typography>
              gcd({pair.a}, {pair.b}) = {pair.gcd} is their meet, the highest divisor below both; lcm({pair.a}, {pair.b}
              ) = {pair.lcm} is their join, the lowest one above both.
            </Typography>
          </>
        ) : (
          <Typography color="text.secondary">
            {selected.length === 1
              ? `${valueOf(selected[0] ?? 0)} selected; select one more divisor.`
              : "Select two divisors to see their gcd (meet) and lcm (join)."}
          </Typography>
        )}
      </Box>
      <Box id={describedBy} component="details" sx={{ mt: 1 }}>
        <summary>The diagram as a list, level by level</summary>
        <Box component="ul" sx={{ my: 1 }}>
          {lattice.levels.map((level, l) => (
            <li key={l}>
              {l === 0 ? "Level 0 (no prime factors)" : `Level ${l} (${l} prime factor${l === 1 ? "" : "s"})`}:{" "}
              {level.map(valueOf).join(", ")}
            </li>
          ))}
        </Box>
        <Typography variant="body2">An edge joins d to d · p for each prime p of {n} with d · p a divisor.</Typography>
      </Box>
    </WidgetFrame>
  );
}

const swatchStyles = (index: number) => (theme: Theme) => ({
  display: "inline-block",
  width: "1.5em",
  height: 4,
  borderRadius: 2,
  mr: 0.5,
  verticalAlign: "middle",
  bgcolor: primeColour(theme, index).main,
});

/** Which edge colour multiplies by which prime. */
function PrimeLegend({ primes }: { primes: readonly number[] }) {
  if (primes.length === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" component="div" sx={{ mb: 1 }}>
      Going up an edge multiplies by:{" "}
      {primes.map((p, index) => (
        <Box component="span" key={p} sx={{ whiteSpace: "nowrap", mr: 1.5 }}>
          <Box component="span" aria-hidden sx={swatchStyles(index % PRIME_COLOUR_COUNT)} />
          {p}
        </Box>
      ))}
    </Typography>
  );
}
