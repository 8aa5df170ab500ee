import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { powerResidueTable, primitiveRootTest, type PowerResidueTable } from "#core/numtheory/power-residue-table";
import { Formula } from "#app/components/math/formula";
import { readWhole } from "../read-whole";
import { WholeNumberField } from "../whole-number-field";
import { WidgetFrame } from "../widget-frame";
import type { Attributes } from "./params";

const BOUNDS = { min: 2, max: 40 } as const;

/** "3", "3 and 5", "2, 6, 7 and 11". */
const listInWords = (items: readonly (number | string)[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

const tableStyles = (theme: Theme) => {
  const colors = (theme.vars ?? theme).palette;
  return {
    borderCollapse: "collapse",
    fontVariantNumeric: "tabular-nums",
    fontSize: "0.875rem",
    "& th, & td": {
      px: 0.75,
      py: 0.25,
      textAlign: "right",
      border: `1px solid ${colors.divider}`,
      minWidth: "2.2em",
    },
    "& thead th": { fontWeight: 700, whiteSpace: "nowrap" },
    "& td.one": { fontWeight: 700, backgroundColor: theme.alpha(colors.primary.main, 0.22) },
    "& tr.not-coprime td, & tr.not-coprime th": { color: colors.text.secondary, fontWeight: 400 },
    "& tr.root th, & tr.root td": { backgroundColor: theme.alpha(colors.success.main, 0.18) },
    "& tr.root th": { whiteSpace: "nowrap" },
  };
};

function ResidueTable({ table }: { table: PowerResidueTable }) {
  const { m, columns } = table;
  return (
    <Box
      sx={{ overflowX: "auto", position: "relative", mb: 2 }}
      tabIndex={0}
      role="region"
      aria-label={`Powers modulo ${m}, scrolls sideways`}
    >
      <Box component="table" sx={tableStyles}>
        <caption style={{ captionSide: "top", textAlign: "left", paddingBottom: 4 }}>
          Powers <Formula tex={`a^k \\bmod ${m}`} />
        </caption>
        <thead>
          <tr>
            <th scope="col">a \ k</th>
            {Array.from({ length: columns }, (_, index) => (
              <th key={index} scope="col">
                {index + 1}
              </th>
            ))}
            <th scope="col">order</th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.a} className={row.primitiveRoot ? "root" : row.coprime ? undefined : "not-coprime"}>
              <th scope="row">
                {row.primitiveRoot && (
                  <span aria-hidden="true" style={{ marginRight: 4 }}>
                    ★
                  </span>
                )}
                {row.a}
                {row.primitiveRoot && (
                  <Box component="span" sx={visuallyHidden}>
                    , a primitive root
                  </Box>
                )}
              </th>
              {row.powers.map((value, index) => (
                <td key={index} className={value === 1 ? "one" : undefined}>
                  {value}
                </td>
              ))}
              <td>{row.order ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

/** What the table shows about primitive roots modulo m. */
function Summary({ table }: { table: PowerResidueTable }) {
  const { m, phi, primitiveRoots, largestOrder } = table;
  if (primitiveRoots.length > 0) {
    const many = primitiveRoots.length > 1;
    return (
      <Typography>
        <Formula tex={`\\varphi(${m}) = ${phi}`} />. Every order divides {phi}, and {listInWords(primitiveRoots)}{" "}
        {many ? "reach" : "reaches"} it: {many ? "they are the primitive roots" : "it is the primitive root"} modulo {m}{" "}
        (★), {primitiveRoots.length} of them, which is <Formula tex={`\\varphi(${phi})`} />.
      </Typography>
    );
  }
  return (
    <Typography>
      <Formula tex={`\\varphi(${m}) = ${phi}`} />, but no order reaches it: the largest is {largestOrder}. There is no
      primitive root modulo {m}; only <Formula tex="1, 2, 4, p^k" /> and <Formula tex="2p^k" /> (with{" "}
      <Formula tex="p" /> an odd prime) have one.
    </Typography>
  );
}

/** The test of a candidate g from the primes q dividing φ(m): g^(φ/q) ≢ 1 for every q. */
function CandidateTest({ g, m }: { g: number; m: number }) {
  const test = primitiveRootTest(g, m);
  const { phi, checks } = test;
  if (!test.coprime) {
    return (
      <Typography>
        <Formula tex={`\\gcd(${g}, ${m}) > 1`} />, so no power of {g} is 1 modulo {m}: {g} is not a primitive root.
      </Typography>
    );
  }
  if (checks.length === 0) {
    return (
      <Typography>
        <Formula tex={`\\varphi(${m}) = 1`} /> has no prime factor, so there is nothing to check: {g} is a primitive
        root modulo {m}.
      </Typography>
    );
  }
  const failed = checks.find(({ value }) => value === 1);
  return (
    <Typography>
      {checks.length === 1 ? "The only prime dividing" : "The primes dividing"}{" "}
      <Formula tex={`\\varphi(${m}) = ${phi}`} /> {checks.length === 1 ? "is" : "are"}{" "}
      {listInWords(checks.map(({ prime }) => prime))}, so compute{" "}
      <Formula
        tex={checks.map(({ exponent, value }) => `${g}^{${exponent}} \\equiv ${value}`).join(",\\ ") + ` \\pmod{${m}}`}
      />
      .{" "}
      {failed ? (
        <>
          <Formula tex={`${g}^{${failed.exponent}} \\equiv 1`} />, so the order of {g} divides {failed.exponent}, less
          than {phi}: {g} is not a primitive root.
        </>
      ) : (
        <>
          None is 1, so the order of {g} divides {phi} but none of {listInWords(checks.map(({ exponent }) => exponent))}
          : it is {phi}, and {g} is a primitive root.
        </>
      )}
    </Typography>
  );
}

/** The candidate tested first: the least primitive root, else the least a > 1 coprime to m. */
const firstCandidate = ({ primitiveRoots, rows }: PowerResidueTable) =>
  primitiveRoots[0] ?? rows.find((row) => row.a > 1 && row.coprime)?.a ?? 1;

/**
 * Every power a^k mod m at once: the 1s show each order, the rows whose first 1 comes at k = φ(m)
 * are the primitive roots, and a candidate can be tested the quick way, with only a few powers.
 */
export default function PowerResidueTableWidget(props: Attributes) {
  const [mText, setMText] = useState(String(props.m));
  const [m, setM] = useState(props.m);
  const table = useMemo(() => powerResidueTable(m), [m]);
  const [g, setG] = useState(() => firstCandidate(table));
  const read = readWhole(mText, BOUNDS);

  const changeModulus = (text: string) => {
    setMText(text);
    const next = readWhole(text, BOUNDS);
    if (typeof next === "number") {
      setM(next);
      setG(firstCandidate(powerResidueTable(next)));
    }
  };

  // Measured in Chromium: a row is about 22 px, and the sentences take some 240 px more at 360 px
  // than on the full column. Between the two widths the chord stays above the curve.
  const rowsHeight = 22 * (m - 1);
  const narrow = 680 + rowsHeight;
  const wide = 440 + rowsHeight;
  const minHeight = `max(${wide}px, calc(${narrow}px + (360px - 100vw) * ${((narrow - wide) / 920).toFixed(3)}))`;

  return (
    <WidgetFrame
      title="Table of powers modulo m"
      instructions="Read along a row to find its first 1: that is the order of a. Change m to see which moduli have primitive roots."
      minHeight={minHeight}
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
        <WholeNumberField
          label="Modulus m"
          value={mText}
          onChange={changeModulus}
          reading={read}
          hint={`${BOUNDS.min} to ${BOUNDS.max}`}
          width={120}
        />
        <TextField
          select
          label="Candidate g"
          value={g}
          onChange={(event) => setG(Number(event.target.value))}
          slotProps={{ select: { native: true } }}
          helperText="Tested below"
          size="small"
          sx={{ width: 150 }}
        >
          {table.rows.map(({ a }) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </TextField>
      </Stack>
      <Box aria-live="polite" sx={{ mb: 2 }}>
        <Summary table={table} />
      </Box>
      <ResidueTable table={table} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Shaded bold cells are the 1s. ★ and green rows: primitive roots. Grey rows share a factor with {m}, so they
        never reach 1 and have no order.
      </Typography>
      <Box aria-live="polite">
        <CandidateTest g={g} m={m} />
      </Box>
    </WidgetFrame>
  );
}
