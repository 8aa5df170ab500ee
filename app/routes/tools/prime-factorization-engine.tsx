import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from "react";
import { factorTree } from "#core/numtheory/factor-tree";
import type { Factorization } from "#core/numtheory/factorization-types";
import { factorizationNote } from "#core/numtheory/factorization-notes";
import { evaluateIntegerExpression, MAX_INPUT_DIGITS } from "#core/numtheory/integer-expression";
import { DivisorList } from "#app/components/factorization/divisor-list";
import { ExpressionForm, type ParseError } from "#app/components/factorization/expression-form";
import { FactorTreeDiagram } from "#app/components/factorization/factor-tree-diagram";
import { FactorizationResult } from "#app/components/factorization/factorization-result";
import { resultSummary } from "#app/components/factorization/factorization-text";
import { InputHistory } from "#app/components/factorization/input-history";
import { MethodLogTable } from "#app/components/factorization/method-log-table";
import { NumberFactsTable } from "#app/components/factorization/number-facts-table";
import { RunStatus } from "#app/components/factorization/run-status";
import { useInputHistory } from "#app/components/factorization/use-input-history";
import { Page } from "#app/components/page";
import { useFactorization, type FactorizationRun } from "#app/workers/use-factorization";
import type { Route } from "./+types/prime-factorization-engine";
import { visuallyHidden } from "#app/components/visually-hidden";
import { factorizationUse } from "#app/analytics/client/tool-events";
import { factorOnServer } from "#app/factorization/factor-on-server.server";
import { track } from "#app/analytics/client/track";

// Only pages with formulas load KaTeX's stylesheet.
export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";

export const meta: Route.MetaFunction = () => [
  { title: "Prime factorization engine · Numberlab" },
  {
    name: "description",
    content:
      "Factor whole numbers and expressions of up to 1000 digits in your browser: trial division, Pollard rho and p−1, elliptic curves and the quadratic sieve, with divisors, φ(n), λ(n) and a factor tree.",
  },
];

/**
 * A shared link (?n=…) is read here, so the server already renders the input filled in (or the parse
 * error). A small number is factored here too, so its result is in the page before any script runs
 * (issue 23); a larger one runs in the browser once the page is interactive.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const input = new URL(request.url).searchParams.get("n");
  if (input === null) return { query: null, result: null };
  const result = evaluateIntegerExpression(input, { maxDigits: MAX_INPUT_DIGITS });
  if (!result.ok) {
    return {
      query: { input, normalized: null, error: { input, message: result.message, position: result.position } },
      result: null,
    };
  }
  return {
    query: { input, normalized: result.normalized, error: null },
    result: await factorOnServer(result.value),
  };
}

/** Keeps ?n= shareable without a navigation: the loader has nothing new to say, and the run is already under way. */
function replaceQuery(normalized: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set("n", normalized);
  window.history.replaceState(window.history.state, "", url);
}

type Query = Route.ComponentProps["loaderData"]["query"];
type ServerResult = Route.ComponentProps["loaderData"]["result"];

export default function PrimeFactorizationEngine({ loaderData }: Route.ComponentProps) {
  // A link to another ?n= starts afresh, as if the page had just been opened.
  return (
    <FactorizationEngine
      key={loaderData.query?.input ?? ""}
      query={loaderData.query}
      serverResult={loaderData.result}
    />
  );
}

function FactorizationEngine({ query, serverResult }: { query: Query; serverResult: ServerResult }) {
  const [text, setText] = useState(query?.input ?? "");
  const [error, setError] = useState<ParseError | null>(query?.error ?? null);
  const [label, setLabel] = useState<string | null>(query?.normalized ?? null);
  const { run, start, stop } = useFactorization(
    serverResult ? { ...serverResult, status: "done", progress: null, error: null } : undefined,
  );
  const history = useInputHistory();
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = useCallback(
    (input: string) => {
      const result = evaluateIntegerExpression(input, { maxDigits: MAX_INPUT_DIGITS });
      if (!result.ok) {
        setError({ input, message: result.message, position: result.position });
        // After React has put `input` into the field: select the character where reading stopped.
        requestAnimationFrame(() => {
          const field = inputRef.current;
          field?.focus();
          field?.setSelectionRange(result.position, Math.min(result.position + 1, field.value.length));
        });
        return;
      }
      setError(null);
      setLabel(result.normalized);
      history.add(result.normalized);
      replaceQuery(result.normalized);
      start(result.value);
    },
    [history, start],
  );

  // A shared link starts its run once the page is interactive (the server rendered the input and label
  // already), unless the server factored it.
  const startShared = useEffectEvent(() => {
    if (!query?.normalized) return;
    if (serverResult) {
      history.add(query.normalized);
      return;
    }
    const result = evaluateIntegerExpression(query.input, { maxDigits: MAX_INPUT_DIGITS });
    if (!result.ok) return;
    history.add(result.normalized);
    start(result.value);
  });
  useEffect(() => startShared(), []);

  // Each run that ends (finished, stopped or failed) is counted once (tool_use).
  const countRun = useEffectEvent(() => {
    const use = factorizationUse(run);
    if (use) track("tool_use", use);
  });
  useEffect(() => countRun(), [run.finishedAt]);

  const stopRun = () => {
    stop();
    // The Stop button disappears; the input is where the reader goes on from.
    inputRef.current?.focus();
  };

  return (
    <Page
      title="Prime factorization engine"
      lead="Every whole number is a product of primes in exactly one way. Type a number or an expression and watch the methods find its prime factors."
    >
      <ExpressionForm
        value={text}
        onChange={setText}
        onSubmit={submit}
        onStop={stopRun}
        running={run.status === "running"}
        error={error}
        inputRef={inputRef}
      />
      <Box role="status" aria-live="polite" aria-atomic sx={visuallyHidden} data-testid="announcement">
        {announcement(run, label)}
      </Box>
      <RunStatus run={run} />
      {run.n !== null && <RunResult run={run} n={run.n} label={label ?? run.n.toString()} />}
      <Section id="history-heading" title="Recent inputs">
        <InputHistory
          entries={history.entries}
          onRun={(input) => {
            setText(input);
            submit(input);
          }}
          onClear={history.clear}
          labelledBy="history-heading"
        />
      </Section>
    </Page>
  );
}

function announcement(run: FactorizationRun, label: string | null): string {
  if (run.status === "running") return "Factoring…";
  if (run.status === "failed") return `The factorization failed: ${run.error ?? "unknown error"}`;
  if (run.n === null || (run.status !== "done" && run.status !== "stopped")) return "";
  const written = label ?? run.n.toString();
  // A reader wrote it, but a screen reader should not spell out hundreds of digits.
  const name = written.length > 40 ? `the ${run.n.toString().replace("-", "").length}-digit number` : written;
  const note = factorizationNote(run.n);
  if (run.factorization === null) return `Stopped before ${name} was split`;
  if (run.factorization.factors.length === 0) return note ?? name;
  return resultSummary(name, run.n, run.factorization.factors, run.factorization.complete);
}

interface SectionProps {
  id: string;
  title: string;
  /** False when the content is a table region that the heading names already. */
  landmark?: boolean;
  children: ReactNode;
}

function Section({ id, title, landmark = true, children }: SectionProps) {
  return (
    <Box component="section" aria-labelledby={landmark ? id : undefined} sx={{ mt: 5 }}>
      <Typography variant="h5" component="h2" id={id} gutterBottom sx={{ overflowWrap: "anywhere" }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Headings quote the reader's input up to this many characters. */
const LABEL_LENGTH = 40;

/** Everything known about the number of the current run: the factors, then, once complete, its properties. */
function RunResult({ run, n, label }: { run: FactorizationRun; n: bigint; label: string }) {
  const note = factorizationNote(n);
  const short = label.length > LABEL_LENGTH ? `${label.slice(0, LABEL_LENGTH - 1)}…` : label;
  const factorization: Factorization | null = run.factorization;
  const absolute = n < 0n ? -n : n;
  const complete = run.status === "done" && factorization?.complete === true;
  const factors = factorization?.factors;
  const tree = useMemo(() => (complete && factors ? factorTree(factors) : null), [complete, factors]);

  return (
    <>
      <Section id="result-heading" title={`Result for ${short}`}>
        {note && (
          <Alert severity="info" role="note" sx={{ mb: 2 }}>
            {note}
          </Alert>
        )}
        {factorization === null && run.status === "stopped" && (
          <Typography>Stopped before the first step finished: nothing was split.</Typography>
        )}
        {factorization && factorization.factors.length > 0 && (
          <FactorizationResult n={n} factors={factorization.factors} />
        )}
      </Section>

      {run.facts && (
        <Section id="facts-heading" landmark={false} title={`Properties of ${n < 0n ? `|${short}|` : short}`}>
          <NumberFactsTable n={absolute} facts={run.facts} labelledBy="facts-heading" />
        </Section>
      )}

      {complete && factors && absolute > 1n && (
        <Section id="divisors-heading" title="Divisors">
          <DivisorList key={absolute.toString()} factors={factors} />
        </Section>
      )}

      {tree && tree.steps.length > 0 && (
        <Section id="tree-heading" title="Factor tree">
          <FactorTreeDiagram key={absolute.toString()} tree={tree} />
        </Section>
      )}

      {factorization && factorization.log.length > 0 && (
        <Section id="log-heading" landmark={false} title="How it was found">
          <MethodLogTable log={factorization.log} labelledBy="log-heading" />
        </Section>
      )}
    </>
  );
}
