import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { FormEvent, Ref } from "react";

/** Numbers that show what the engine does: small, algebraic, huge but structured, special sequences, a hard semiprime. */
export const exampleInputs = [
  { input: "360", description: "a small number" },
  { input: "2^128 + 1", description: "the Fermat number F7" },
  { input: "100! + 1", description: "one more than 100 factorial" },
  { input: "F(100)", description: "the 100th Fibonacci number" },
  { input: "M(67)", description: "the Mersenne number 2^67 − 1" },
  // sp45-1 of /work/shared/bench/factor/sets/semiprimes.txt: two 23-digit primes.
  { input: "517395774743593281578015141422675964598085031", description: "a 45-digit semiprime" },
];

export interface ParseError {
  /** The text that failed, so the caret points into what was submitted even after further typing. */
  input: string;
  message: string;
  position: number;
}

interface ExpressionFormProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (input: string) => void;
  onStop: () => void;
  running: boolean;
  error: ParseError | null;
  inputRef: Ref<HTMLInputElement>;
}

const ERROR_ID = "factor-input-error";
const HELP_ID = "factor-input-help";

/** The input line: a number or an expression, Enter to factor, the examples, and where a parse went wrong. */
export function ExpressionForm({ value, onChange, onSubmit, onStop, running, error, inputRef }: ExpressionFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate role="search" aria-label="Factor a number">
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
        <TextField
          label="Number or expression"
          name="n"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={error !== null}
          fullWidth
          autoComplete="off"
          slotProps={{
            htmlInput: {
              ref: inputRef,
              spellCheck: false,
              autoCapitalize: "off",
              inputMode: "text",
              "aria-describedby": error ? `${ERROR_ID} ${HELP_ID}` : HELP_ID,
              sx: { fontFamily: "monospace", fontSize: "1.1rem" },
            },
          }}
        />
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, pt: { sm: 1 } }}>
          <Button type="submit" variant="contained" size="large">
            Factorize
          </Button>
          {running && (
            <Button type="button" variant="outlined" color="error" size="large" onClick={onStop}>
              Stop
            </Button>
          )}
        </Stack>
      </Stack>
      <Typography id={HELP_ID} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Whole numbers up to 1000 digits (spaces and digit groups allowed) or expressions with + − × / ^ ( ), n!, n#
        (primorial), F(n) Fibonacci, L(n) Lucas, M(p) = 2^p − 1, gcd and lcm.
      </Typography>
      {error && <ParseErrorMessage error={error} />}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mt: 2 }} aria-label="Examples" role="group">
        {exampleInputs.map((example) => (
          <Chip
            key={example.input}
            label={example.input.length > 16 ? `${example.input.slice(0, 12)}…` : example.input}
            // The name is the visible (perhaps shortened) text, as voice control users say it; the whole
            // input and what it shows are its description.
            aria-description={`${example.input}: ${example.description}`}
            title={example.description}
            variant="outlined"
            onClick={() => {
              onChange(example.input);
              onSubmit(example.input);
            }}
            sx={{ fontFamily: "monospace" }}
          />
        ))}
      </Stack>
    </Box>
  );
}

/** The message, and the input again with a caret under the character where reading stopped. */
function ParseErrorMessage({ error }: { error: ParseError }) {
  return (
    <Alert severity="error" id={ERROR_ID} role="alert" sx={{ mt: 2, "& .MuiAlert-message": { minWidth: 0 } }}>
      <Typography>{error.message}</Typography>
      <Box
        component="pre"
        aria-hidden
        data-testid="parse-error-caret"
        sx={{ m: 0, mt: 1, fontFamily: "monospace", overflowX: "auto", lineHeight: 1.3 }}
      >
        {error.input}
        {"\n"}
        {" ".repeat(error.position)}^
      </Box>
    </Alert>
  );
}
