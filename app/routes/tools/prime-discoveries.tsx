import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { primeCards } from "#app/content/prime-cards";
import { MersenneCheck } from "#app/components/primes/mersenne-check";
import { MersenneTable } from "#app/components/primes/mersenne-table";
import { FormRecords } from "#app/components/primes/form-records";
import { NthPrimeTool } from "#app/components/primes/nth-prime-tool";
import { PrimeCountTool } from "#app/components/primes/prime-count-tool";
import { PrimeGapPlot } from "#app/components/primes/prime-gap-plot";
import { UlamSpiral } from "#app/components/primes/ulam-spiral";
import { RecordChart } from "#app/components/primes/record-chart";
import { PushOptInButton } from "#app/components/push/push-opt-in-button";
import type { loader as rootLoader } from "#app/root";
import { displayMathStyles } from "#app/components/lesson/display-math-styles";
import { Page } from "#app/components/page";
import { markdownBlockHtml } from "#app/content/markdown-html.server";
import { listPrimeRecords } from "#app/models/prime-record.server";
import { getDatabase } from "#app/utils/db.server";
import { sourceAddresses } from "#app/content/prime-records.server";
import { LessonHtmlRecovery, StaticHtml } from "#app/components/lesson/lesson-html";
import { documentRequestContext, lessonHtmlContext, serverInfoContext } from "#app/http/request-context";
import type { Route } from "./+types/prime-discoveries";

export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";

export const meta: Route.MetaFunction = () => [
  { title: "Prime discoveries · Numberlab" },
  {
    name: "description",
    content:
      "How the largest known primes were found, from Lucas's 2^127 − 1 to today's Mersenne primes with millions of digits, and the tests that prove them.",
  },
];

/**
 * Sections below the first screen are styled, laid out and painted only when scrolled near (the
 * heights stand in until then): the page is long, and a change of colour scheme would otherwise
 * restyle all of it in one task.
 */
const renderWhenNear = (height: number) => ({
  contentVisibility: "auto",
  containIntrinsicSize: `auto ${height}px`,
});

/**
 * One column on phones, two from md. `minmax(0, 1fr)`, not `1fr`: a plain `1fr` track is at least as
 * wide as its widest unbreakable content (a display formula), which pushed cards past a phone's width.
 */
const twoColumns = { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" };

/**
 * The cards' typeset text, a third of the page, travels once: in a document it is rendered from this
 * request's store and the data names it by key; a client navigation's data carries it inline.
 */
function cardsFor(context: Route.LoaderArgs["context"]) {
  const buildId = context.get(serverInfoContext).build.id;
  const documentHtml = context.get(documentRequestContext) ? context.get(lessonHtmlContext) : null;
  return primeCards.map(({ id, title, body }) => {
    const html = markdownBlockHtml(body);
    if (!documentHtml) return { id, title, html };
    // The build names the text for good: a tab's cache never mixes two builds' cards.
    const htmlKey = `${buildId}.prime-card.${id}`;
    documentHtml.set(htmlKey, html);
    return { id, title, htmlKey };
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const records = await listPrimeRecords(getDatabase().db, { publishedOnly: true });
  const mersenne = records.flatMap((record) => (record.kind === "mersenne" ? [record.content] : []));
  return {
    cards: cardsFor(context),
    // Only what the chart draws: the sources stay on the server.
    history: records.flatMap(({ kind, content }) =>
      kind === "largest"
        ? [
            {
              year: content.year,
              digits: content.digits,
              number: content.number,
              mersenne: content.form === "Mersenne",
            },
          ]
        : [],
    ),
    mersenne: mersenne.map((record, index) => ({
      rank: index + 1,
      exponent: record.exponent,
      digits: record.digits,
      year: record.year,
      discoverer: record.project ? `${record.discoverer} (${record.project})` : record.discoverer,
      how: record.program ? `${record.test}, ${record.program}` : record.test,
      sources: sourceAddresses(record.source),
    })),
    historySources: [
      ...new Set(records.flatMap(({ kind, content }) => (kind === "largest" ? sourceAddresses(content.source) : []))),
    ],
    forms: records.flatMap((record) =>
      record.kind === "form" ? [{ ...record.content, sources: sourceAddresses(record.content.source) }] : [],
    ),
    newestYear: Math.max(0, ...mersenne.map((record) => record.year ?? 0)),
  };
}

export default function PrimeDiscoveries({ loaderData }: Route.ComponentProps) {
  const { cards, history, historySources, mersenne, forms, newestYear } = loaderData;
  const tableHeadingId = useId();
  const largest = mersenne.at(-1);
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const pushDevice = root?.pushDevice ?? null;
  // Switched off by an admin: the offer is left out rather than shown with a button that cannot work.
  const pushOn = root?.features.push ?? true;
  // A card rendered without its text (React gave up hydrating it) asks for the data again, which then
  // carries the text inline.
  const { revalidate } = useRevalidator();
  return (
    <Page
      title="Prime discoveries"
      lead={
        largest ? (
          <>
            The largest known prime is 2<sup>{largest.exponent.toLocaleString("en")}</sup> − 1, with{" "}
            {largest.digits.toLocaleString("en")} digits. How such primes are found, and how anyone can check them.
          </>
        ) : (
          "How the record primes are found, and how anyone can check them."
        )
      }
      maxWidth="lg"
    >
      <Box component="section" aria-labelledby="chart-heading" sx={{ mb: 5 }}>
        <Typography id="chart-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
          The largest known prime, year by year
        </Typography>
        <RecordChart records={history} sources={historySources} />
        {pushOn && (
          <>
            <Typography color="text.secondary" sx={{ mt: 2, mb: 1 }}>
              A new record is found every few years. Numberlab can tell you on this device when one is published here.
            </Typography>
            <PushOptInButton topic="record-primes" label="Tell me about new record primes" device={pushDevice} />
          </>
        )}
      </Box>

      <Box
        sx={{
          display: "grid",
          gap: 3,
          gridTemplateColumns: twoColumns,
          mb: 5,
        }}
        component="section"
        aria-label="The mathematics of record primes"
      >
        <LessonHtmlRecovery value={revalidate}>
          {cards.map((card) => (
            <Paper
              key={card.id}
              variant="outlined"
              component="article"
              aria-labelledby={card.id}
              sx={{ p: 3, ...renderWhenNear(600) }}
            >
              <Typography id={card.id} variant="h6" component="h2" gutterBottom>
                {card.title}
              </Typography>
              <Box className="quiz-text" sx={{ ...displayMathStyles, overflowWrap: "anywhere" }}>
                {card.htmlKey === undefined ? (
                  <div dangerouslySetInnerHTML={{ __html: card.html }} />
                ) : (
                  <StaticHtml htmlKey={card.htmlKey} />
                )}
              </Box>
            </Paper>
          ))}
        </LessonHtmlRecovery>
      </Box>

      <Box
        component="section"
        aria-label="Try it in your browser"
        sx={{
          display: "grid",
          gap: 3,
          gridTemplateColumns: twoColumns,
          mb: 5,
          ...renderWhenNear(700),
        }}
      >
        <Paper variant="outlined" component="section" aria-labelledby="verify-heading" sx={{ p: 3 }}>
          <Typography id="verify-heading" variant="h6" component="h2" gutterBottom>
            Verify a Mersenne prime
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Trial factoring by the candidates 2kp + 1, then the Lucas–Lehmer test, run in your browser on a separate
            thread.
          </Typography>
          <MersenneCheck />
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="count-heading" sx={{ p: 3 }}>
          <Typography id="count-heading" variant="h6" component="h2" gutterBottom>
            Count the primes
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            A segmented sieve of Eratosthenes on every core of your device: the primes, twin pairs and the widest gap in
            a range, with the estimates x / ln x and li(x) beside π(x).
          </Typography>
          <PrimeCountTool />
          <Typography id="nth-heading" variant="h6" component="h3" sx={{ mt: 4, mb: 1 }}>
            The n-th prime
          </Typography>
          <NthPrimeTool />
        </Paper>
      </Box>

      <Box
        component="section"
        aria-label="Pictures of the primes"
        sx={{
          display: "grid",
          gap: 3,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "auto minmax(0, 1fr)" },
          mb: 5,
          ...renderWhenNear(700),
        }}
      >
        <Paper variant="outlined" component="section" aria-labelledby="ulam-heading" sx={{ p: 3 }}>
          <Typography id="ulam-heading" variant="h6" component="h2" gutterBottom>
            Ulam's spiral
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 480 }}>
            The whole numbers wound around 1, with the primes marked. They gather on diagonal lines: the numbers along a
            diagonal are the values of a quadratic 4n² + bn + c, and some quadratics take prime values far more often
            than others.
          </Typography>
          <UlamSpiral />
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="gaps-heading" sx={{ p: 3 }}>
          <Typography id="gaps-heading" variant="h6" component="h2" gutterBottom>
            Gaps between primes
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            The gap after each prime. Near p the average gap is about ln p, but the widest gaps keep growing.
          </Typography>
          <PrimeGapPlot />
        </Paper>
      </Box>

      {/* Not a landmark itself: the table's scrolling region inside takes the heading's name. */}
      <Box component="section" sx={{ mb: 5, ...renderWhenNear(400) }}>
        <Typography id="forms-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
          Record primes of other forms
        </Typography>
        <FormRecords records={forms} headingId="forms-heading" />
      </Box>

      <Box component="section" sx={renderWhenNear(2500)}>
        <Typography id={tableHeadingId} variant="h5" component="h2" sx={{ mb: 1 }}>
          The known Mersenne primes
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          The newest was found in {newestYear}. The ranks of the newest are provisional until every smaller exponent has
          been checked.
        </Typography>
        <MersenneTable rows={mersenne} headingId={tableHeadingId} />
      </Box>
    </Page>
  );
}
