import { checkWidget } from "../components/lesson-widgets/catalog";
import { lintLesson } from "../markdown/lint-delimiters";
import { renderLesson, type LessonBlock, type LessonProblem } from "../markdown/render-lesson";
import { FAILURE_EXAMPLES, GALLERY_SECTIONS, type GalleryExample } from "./formula-gallery";

export interface RenderedExample extends GalleryExample {
  blocks: LessonBlock[];
  /** What the linter and the renderer report, in line order, as the content editor lists them. */
  problems: LessonProblem[];
}

/** One example as a lesson section is rendered, with the content editor's problems. */
export function renderGalleryExample(example: GalleryExample): RenderedExample {
  const rendered = renderLesson(example.source, { checkWidget, idPrefix: `${example.id}-` });
  const problems = [...lintLesson(example.source), ...rendered.problems].sort((a, b) => a.line - b.line);
  return {
    id: example.id,
    title: example.title,
    note: example.note,
    source: example.source,
    delimiters: example.delimiters,
    blocks: rendered.blocks,
    problems,
  };
}

export interface RenderedGallery {
  sections: { id: string; title: string; lead: string; examples: RenderedExample[] }[];
  failures: RenderedExample[];
}

let rendered: RenderedGallery | undefined;

/** The whole gallery rendered once per process: its sources are part of the build. */
export function renderGallery(): RenderedGallery {
  rendered ??= {
    sections: GALLERY_SECTIONS.map((section) => ({
      id: section.id,
      title: section.title,
      lead: section.lead,
      examples: section.examples.map(renderGalleryExample),
    })),
    failures: FAILURE_EXAMPLES.map(renderGalleryExample),
  };
  return rendered;
}
