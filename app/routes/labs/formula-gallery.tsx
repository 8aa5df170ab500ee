import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { AdminSection } from "#app/components/admin/admin-section";
import { LessonBody } from "#app/components/lesson/lesson-body";
import { LessonProblems } from "#app/components/lesson/lesson-problems";
import { Page } from "#app/components/page";
import { DELIMITERS } from "#app/content/formula-gallery";
import { renderGallery, type RenderedExample } from "#app/content/formula-gallery.server";
import type { Route } from "./+types/formula-gallery";
export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";

export const meta: Route.MetaFunction = () => [{ title: "Formula gallery · Numberlab" }];

export function loader() {
  return renderGallery();
}

/** Copies an example's source; the outcome is announced beside the button, where it changed. */
function CopySource({ source, title }: { source: string; title: string }) {
  const [outcome, setOutcome] = useState<string | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(source);
      setOutcome("Copied.");
    } catch {
      setOutcome("The browser did not allow copying: select the source and copy it instead.");
    }
  }
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
      <Button size="small" variant="outlined" color="inherit" onClick={copy} aria-label={`Copy source: ${title}`}>
        Copy source
      </Button>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {outcome}
      </Typography>
    </Stack>
  );
}

/**
 * The rendering in one colour scheme, whatever the page's: MUI's theme variables are scoped by the
 * scheme's class, so a panel with class "dark" is dark inside a light page and the other way round.
 */
function SchemePanel({ scheme, example }: { scheme: "light" | "dark"; example: RenderedExample }) {
  return (
    <Box>
      <Typography variant="overline" component="p" color="text.secondary" aria-hidden={scheme === "dark"}>
        {scheme === "light" ? "Light" : "Dark"}
      </Typography>
      <Box
        className={scheme}
        data-scheme={scheme}
        // The dark copy repeats the light one for the eye; screen readers read the formulas once.
        aria-hidden={scheme === "dark" ? true : undefined}
        sx={{
          bgcolor: "background.paper",
          color: "text.primary",
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          px: 2,
          py: 1,
          minWidth: 0,
          colorScheme: scheme,
        }}
      >
        <LessonBody blocks={example.blocks} />
      </Box>
    </Box>
  );
}

function Example({ example, showProblems }: { example: RenderedExample; showProblems: boolean }) {
  const titleId = `example-${example.id}`;
  return (
    <Paper
      component="article"
      variant="outlined"
      id={example.id}
      aria-labelledby={titleId}
      data-example={example.id}
      sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 80 }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center", mb: 0.5 }}>
        <Typography id={titleId} variant="h6" component="h3" sx={{ mr: 1 }}>
          {example.title}
        </Typography>
        {example.delimiters.map((kind) => (
          <Chip key={kind} label={DELIMITERS[kind].label} size="small" variant="outlined" />
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {example.note}
      </Typography>
      <Typography variant="overline" component="p" color="text.secondary">
        Source
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          mb: 1,
          p: 1.5,
          bgcolor: "action.hover",
          borderRadius: 1,
          fontSize: "0.875rem",
          whiteSpace: "pre-wrap",
          overflowWrap: "anywhere",
        }}
      >
        <code>{example.source}</code>
      </Box>
      <CopySource source={example.source} title={example.title} />
      <Box
        sx={{
          display: "grid",
          gap: 2,
          mt: 2,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "minmax(0, 1fr) minmax(0, 1fr)" },
        }}
      >
        <SchemePanel scheme="light" example={example} />
        <SchemePanel scheme="dark" example={example} />
      </Box>
      {showProblems && (
        <Box sx={{ mt: 2 }} data-problems>
          <Typography variant="overline" component="p" color="text.secondary">
            What the linter and the renderer report
          </Typography>
          <LessonProblems problems={example.problems} />
        </Box>
      )}
    </Paper>
  );
}

export default function FormulaGallery({ loaderData }: Route.ComponentProps) {
  const { sections, failures } = loaderData;
  const all = [...sections, { id: "failures", title: "Mistakes and how they are marked" }];
  return (
    <Page
      title="Formula gallery"
      lead="Every formula delimiter and the LaTeX the chapters use, typeset on the server by the lesson renderer, with the source beside each: in the light and the dark scheme at once, and with the mistakes the renderer and the linter mark."
      maxWidth="lg"
    >
      <Typography sx={{ mb: 2 }}>
        Each example is lesson Markdown, rendered exactly as a section of a chapter. The dark panel repeats the light
        one for the eye; screen readers read each formula once, from its MathML.
      </Typography>
      <Box component="nav" aria-label="Gallery sections" sx={{ mb: 4 }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
          {all.map((section) => (
            <Link key={section.id} href={`#${section.id}-heading`} color="inherit">
              {section.title}
            </Link>
          ))}
        </Stack>
      </Box>
      <Stack spacing={6}>
        {sections.map((section) => (
          <AdminSection key={section.id} id={`${section.id}-heading`} title={section.title}>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {section.lead}
            </Typography>
            <Stack spacing={2} data-gallery-section={section.id}>
              {section.examples.map((example) => (
                <Example key={example.id} example={example} showProblems={false} />
              ))}
            </Stack>
          </AdminSection>
        ))}
        <AdminSection id="failures-heading" title="Mistakes and how they are marked">
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            A delimiter left open or closing nothing stays as typed text, and the linter names its line. A formula KaTeX
            refuses is shown as its source in a dashed box, with KaTeX&apos;s reason as the box&apos;s title and in the
            list below it. The content editor lists the same problems while an author types.
          </Typography>
          <Stack spacing={2} data-gallery-section="failures">
            {failures.map((example) => (
              <Example key={example.id} example={example} showProblems />
            ))}
          </Stack>
        </AdminSection>
      </Stack>
    </Page>
  );
}
