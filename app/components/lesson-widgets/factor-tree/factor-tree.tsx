import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState, type FormEvent } from "react";
import { factorTree, FACTOR_TREE_MAX_LEAVES } from "#core/numtheory/factor-tree";
import { factorSmall } from "#core/numtheory/small-factorization";
import { FactorTreeDiagram } from "#app/components/factorization/factor-tree-diagram";
import { WidgetFrame } from "../widget-frame";
import { attributes, type Attributes } from "./params";

/** A factor tree for the lesson's number, or for one the reader types. */
export default function FactorTreeWidget({ n: initial }: Attributes) {
  const [n, setN] = useState(initial);
  const [text, setText] = useState(String(initial));
  const [error, setError] = useState<string | null>(null);
  const tree = factorTree(factorSmall(n));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = attributes.shape.n.safeParse(text);
    if (!parsed.success) {
      setError(`Type a whole number from 2 to 10¹²: ${parsed.error.issues[0]?.message ?? ""}.`);
      return;
    }
    const candidate = factorTree(factorSmall(parsed.data));
    if (!candidate) {
      setError(`${parsed.data} has more than ${FACTOR_TREE_MAX_LEAVES} prime factors: too many to draw.`);
      return;
    }
    setError(null);
    setN(parsed.data);
  };

  return (
    <WidgetFrame
      title={`Factor tree of ${n}`}
      instructions="Split each composite number into two factors until only primes are left."
      minHeight="26rem"
    >
      <Stack component="form" direction="row" spacing={1} onSubmit={submit} sx={{ mb: 2, alignItems: "flex-start" }}>
        <TextField
          label="Number"
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error !== null}
          helperText={error ?? "From 2 to 10¹²"}
          slotProps={{ htmlInput: { inputMode: "numeric" } }}
        />
        <Button type="submit" variant="outlined" color="inherit">
          Draw
        </Button>
      </Stack>
      {tree ? (
        <FactorTreeDiagram key={n} tree={tree} />
      ) : (
        <p>
          {n} has more than {FACTOR_TREE_MAX_LEAVES} prime factors: too many to draw.
        </p>
      )}
    </WidgetFrame>
  );
}
