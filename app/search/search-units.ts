import type { Token } from "markdown-it";
import type { BoxMeta } from "#app/markdown/box-plugin";
import { lessonEnv, newLessonState } from "#app/markdown/lesson-state";
import { lessonMarkdown } from "#app/markdown/lesson-markdown";
import { plainText } from "#app/markdown/plain-text";

export type SearchUnitKind = "section" | "definition" | "theorem" | "exercise";

/** One thing a search can find in a section: the section itself or one of its boxes. */
export interface SearchUnit {
  kind: SearchUnitKind;
  /** The element id the result opens at: the section's id or the box's anchor. */
  target: string;
  title: string;
  /** Plain words (formulas as their TeX source). */
  body: string;
}

/** Boxes that are results of their own; a lemma is found as a theorem. */
const UNIT_KIND_OF_BOX: Partial<Record<BoxMeta["kind"], SearchUnitKind>> = {
  definition: "definition",
  theorem: "theorem",
  lemma: "theorem",
  exercise: "exercise",
};

/** Their text would give answers away, or is not prose (a check's keys). */
const isHidden = (meta: BoxMeta) => meta.kind === "hint" || meta.kind === "answer";

interface OpenBox {
  meta: BoxMeta;
  unit: SearchUnit | null;
  words: string[];
}

/**
 * The section `sectionId` titled `title`, written in lesson Markdown, as search units: the whole section
 * (hints, answers and checks left out), then each definition, theorem and exercise in it, with the same
 * anchors the chapter page gives them (box ids are prefixed with the section's id, as on the page).
 */
export function searchUnitsOf(sectionId: string, title: string, markdown: string): SearchUnit[] {
  const lesson = newLessonState({ checkWidget: () => null, idPrefix: `${sectionId}-`, lint: null });
  const tokens = lessonMarkdown.parse(markdown, lessonEnv(lesson));
  const sectionWords: string[] = [];
  const boxes: SearchUnit[] = [];
  const open: OpenBox[] = [];
  let inCheck = false;
  const add = (text: string, toBoxes = true) => {
    if (text === "" || inCheck || open.some((box) => isHidden(box.meta))) return;
    sectionWords.push(text);
    if (toBoxes) for (const box of open) if (box.unit) box.words.push(text);
  };
  tokens.forEach((token: Token, index) => {
    switch (token.type) {
      case "lesson_box_open": {
        const meta = token.meta as BoxMeta;
        const kind = UNIT_KIND_OF_BOX[meta.kind];
        const hasTitle = meta.hasTitle && tokens[index + 2]?.type === "inline";
        const boxTitle = hasTitle ? plainText(tokens[index + 2]?.children ?? []) : "";
        const unit =
          kind && meta.id && !open.some((box) => isHidden(box.meta))
            ? { kind, target: meta.id, title: boxTitle ? `${meta.label}: ${boxTitle}` : meta.label, body: "" }
            : null;
        open.push({ meta, unit, words: [] });
        break;
      }
      case "lesson_box_close": {
        const box = open.pop();
        if (box?.unit) boxes.push({ ...box.unit, body: box.words.join(" ") });
        break;
      }
      case "lesson_check_open":
        inCheck = true;
        break;
      case "lesson_check_close":
        inCheck = false;
        break;
      case "inline":
        // A box's title is its result's title, not its body.
        add(plainText(token.children ?? []), tokens[index - 1]?.type !== "lesson_box_title_open");
        break;
      case "lesson_math_block":
      case "code_block":
      case "fence":
        add(token.content.replace(/\s+/g, " ").trim());
        break;
    }
  });
  return [{ kind: "section", target: sectionId, title, body: sectionWords.join(" ") }, ...boxes];
}
