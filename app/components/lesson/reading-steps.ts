import type { LessonPart } from "#app/markdown/render-lesson";

/** One step of a chapter read step by step: a section, or one part of it (LessonPart). */
export interface ReadingStep {
  /** Index of its section. */
  section: number;
  part: number;
  /** The section's title, or the sub-section's for a later part. */
  title: string;
  /** Whether it ends its section (the section's "mark as read" belongs there). */
  last: boolean;
}

interface SectionSteps {
  slug: string;
  title: string;
  parts: Pick<LessonPart, "title" | "anchors">[];
}

export function readingSteps(sections: readonly Omit<SectionSteps, "slug">[]): ReadingStep[] {
  return sections.flatMap((section, index) =>
    section.parts.map((part, at) => ({
      section: index,
      part: at,
      title: part.title ?? section.title,
      last: at === section.parts.length - 1,
    })),
  );
}

/** The step (0-based) that shows the element `anchor` (a section's id or an id inside it); -1 for none. */
export function stepOfAnchor(sections: readonly SectionSteps[], anchor: string): number {
  const steps = readingSteps(sections);
  // The longest id that prefixes it: "gcd-lcm-term-x" is in section "gcd-lcm", not "gcd".
  let section = -1;
  sections.forEach((entry, index) => {
    const holds = anchor === entry.slug || anchor.startsWith(`${entry.slug}-`);
    if (holds && (section === -1 || entry.slug.length > sections[section]!.slug.length)) section = index;
  });
  if (section === -1) return -1;
  const part = Math.max(
    0,
    sections[section]!.parts.findIndex((entry) => entry.anchors.includes(anchor)),
  );
  return steps.findIndex((step) => step.section === section && step.part === part);
}
