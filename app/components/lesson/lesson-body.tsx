import Box from "@mui/material/Box";
import type { Theme } from "@mui/material/styles";
import type { LessonBlock, LessonBlockRef } from "#app/markdown/render-lesson";
import { LessonWidget } from "../lesson-widgets/lesson-widget";
import { useRef } from "react";
import { displayMathStyles } from "./display-math-styles";
import { ExerciseAnswers, type SectionExercises } from "./exercise-answers";
import { GlossaryCards } from "./glossary-cards";
import { StaticHtml } from "./lesson-html";

/** How a widget directive was written, for the marked fallback. */
function directiveSource(name: string, attributes: Record<string, string>): string {
  const pairs = Object.entries(attributes).map(([key, value]) => ` ${key}="${value}"`);
  return `::widget{name="${name}"${pairs.join("")}}`;
}

/** The look of rendered lesson Markdown: boxes, folded hints, formulas, marked errors, print. */
const lessonStyles = ({ vars, palette, typography }: Theme) => {
  const colors = vars?.palette ?? palette;
  return {
    ...typography.body1,
    lineHeight: 1.7,
    "& h2, & h3, & h4": { scrollMarginTop: 80, lineHeight: 1.3 },
    // A link to a box (a search result) shows its title below the sticky app bar.
    "& .lesson-box[id]": { scrollMarginTop: 80 },
    "& h3": { ...typography.h6, mt: 4 },
    "& h4": { ...typography.subtitle1, fontWeight: 700, mt: 3 },
    "& a": { color: colors.primary.dark },
    // A defined term where it is defined, and where it is used (a link to it whose card shows the definition).
    "& dfn": { fontStyle: "normal", fontWeight: 700 },
    "& dfn:target": { outline: `2px solid ${colors.secondary.main}`, outlineOffset: 2, borderRadius: 2 },
    "& dfn[id]": { scrollMarginTop: 80 },
    "& a.term": { color: "inherit", textDecorationStyle: "dotted", textUnderlineOffset: "0.2em" },
    ...displayMathStyles,
    "& .lesson-table": { overflowX: "auto" },
    "& table": { borderCollapse: "collapse", my: 2 },
    "& th, & td": { border: `1px solid ${colors.divider}`, px: 1.5, py: 0.5, textAlign: "left" },
    "& blockquote": { borderLeft: `4px solid ${colors.divider}`, m: 0, pl: 2, color: colors.text.secondary },
    "& code": { fontFamily: "monospace", fontSize: "0.95em" },
    "& .lesson-box": {
      my: 3,
      px: 2.5,
      py: 0.5,
      borderLeft: "4px solid",
      borderColor: colors.divider,
      borderRadius: 1,
      backgroundColor: colors.action.hover,
      breakInside: "avoid",
    },
    "& .lesson-definition": { borderColor: colors.secondary.main },
    "& .lesson-theorem, & .lesson-lemma": { borderColor: colors.primary.main },
    "& .lesson-example": { borderColor: colors.nd_green.main },
    "& .lesson-exercise": { borderColor: colors.nd_blue.main },
    "& .lesson-proof": { backgroundColor: "transparent" },
    "& .lesson-check-key": { color: colors.text.secondary, fontSize: "0.9em" },
    "& .lesson-qed": { float: "right" },
    "& details": { my: 1.5, px: 1.5, border: `1px solid ${colors.divider}`, borderRadius: 1 },
    "& summary": { cursor: "pointer", fontWeight: 700, py: 0.5 },
    // An optional part: folded like a hint, set apart by a dashed edge, its note in the secondary colour.
    "& details.lesson-optional": { borderStyle: "dashed", borderLeftWidth: 4, my: 3 },
    // The fold's own edge frames its proof: a second edge inside it would only narrow the text on a phone.
    "& details.lesson-optional .lesson-proof": { borderLeft: "none", px: 0 },
    "& .lesson-optional-label": { textTransform: "uppercase", letterSpacing: "0.05em", fontSize: "0.85em" },
    "& .lesson-optional-note": { fontWeight: 400, color: colors.text.secondary, fontSize: "0.9em" },
    "& .lesson-error": {
      display: "inline-block",
      px: 0.5,
      border: `2px dashed ${colors.error.main}`,
      color: colors.text.primary,
      whiteSpace: "pre-wrap",
    },
    "@media print": {
      // Printed lessons show hints and answers unfolded.
      "& details": { border: "none", px: 0 },
      "& details::details-content": { contentVisibility: "visible", display: "block" },
      "& a": { color: "inherit" },
    },
  };
};

/**
 * A rendered section: its HTML as the server made it (given, or by key), with each widget in its place;
 * with `exercises`, the answerable exercises take answers (elsewhere, as in a preview, their form stays inert).
 */
export function LessonBody({
  blocks,
  exercises,
}: {
  blocks: readonly (LessonBlock | LessonBlockRef)[];
  exercises?: SectionExercises;
}) {
  const root = useRef<HTMLDivElement>(null);
  return (
    <Box className="lesson" sx={lessonStyles} ref={root}>
      {exercises && <ExerciseAnswers root={root} exercises={exercises} />}
      <GlossaryCards root={root} />
      {blocks.map((block, index) =>
        block.kind === "html" ? (
          <div key={index} dangerouslySetInnerHTML={{ __html: block.html }} />
        ) : block.kind === "html-ref" ? (
          <StaticHtml key={block.key} htmlKey={block.key} />
        ) : (
          <LessonWidget
            key={index}
            name={block.name}
            attributes={block.attributes}
            source={directiveSource(block.name, block.attributes)}
          />
        ),
      )}
    </Box>
  );
}
