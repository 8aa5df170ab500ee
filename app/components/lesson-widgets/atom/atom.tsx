import { useMemo } from "react";
import { atomModel, describeAtom } from "#core/numtheory/atom-model";
import { WidgetFrame } from "../widget-frame";
import { AtomExplorer, drawingWidth } from "./atom-explorer";
import type { Attributes } from "./params";

const MAX_WIDTH = 360;
/** The widget's column (px) on a 360 px phone and on a desktop, where the chapter's column is at its widest. */
const PHONE_COLUMN = 294;
const DESKTOP_COLUMN = 736;
/** Everything but the drawing and the sentence under it (px), measured at both widths, plus a margin. */
const PHONE_REST = 345;
const DESKTOP_REST = 300;
/** The sentence under the drawing: characters per line at each width, and the line height (px). */
const PHONE_LINE_CHARACTERS = 34;
const DESKTOP_LINE_CHARACTERS = 82;
const LINE_HEIGHT = 24;

/** Room the widget takes before it hydrates, so nothing below it moves: the taller of the phone and desktop layouts. */
function minHeightFor(n: number): string {
  const model = atomModel(n);
  const characters = describeAtom(model).length;
  const drawing = drawingWidth(model.size, MAX_WIDTH);
  const phone =
    PHONE_REST + Math.min(PHONE_COLUMN, drawing) + Math.ceil(characters / PHONE_LINE_CHARACTERS) * LINE_HEIGHT;
  const desktop =
    DESKTOP_REST + Math.min(DESKTOP_COLUMN, drawing) + Math.ceil(characters / DESKTOP_LINE_CHARACTERS) * LINE_HEIGHT;
  return `${Math.max(phone, desktop)}px`;
}

/** The lesson widget: the atom of n, which the reader can change. */
export default function Atom({ n }: Attributes) {
  const minHeight = useMemo(() => minHeightFor(n), [n]);
  return (
    <WidgetFrame
      title="The atom of a number"
      instructions="Each prime of n is an orbit; its exponent is the number of particles on it. Type another number to see its atom."
      minHeight={minHeight}
    >
      <AtomExplorer initialN={n} maxWidth={MAX_WIDTH} />
    </WidgetFrame>
  );
}
