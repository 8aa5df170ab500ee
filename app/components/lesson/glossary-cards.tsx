import Paper from "@mui/material/Paper";
import Popper from "@mui/material/Popper";
import Typography from "@mui/material/Typography";
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import type { GlossaryCard } from "#app/glossary/glossary-card";
import { displayMathStyles } from "./display-math-styles";

/** Hovering waits a moment (a pointer crossing a term should not open cards); focus opens at once. */
const HOVER_DELAY_MS = 300;
/** Time to move the pointer from the term onto its card, which keeps it open. */
const LEAVE_DELAY_MS = 250;

type CardState = { status: "loading" } | { status: "ready"; card: GlossaryCard } | { status: "failed" };

/** Cards fetched in this tab, by term: a definition changes rarely, and a failure is tried again next time. */
const cards = new Map<string, Promise<GlossaryCard>>();

function fetchCard(slug: string): Promise<GlossaryCard> {
  let card = cards.get(slug);
  if (!card) {
    card = fetch(`/glossary/${encodeURIComponent(slug)}`, { headers: { Accept: "application/json" } }).then(
      async (response) => {
        if (!response.ok) throw new Error(`The glossary answered ${response.status}.`);
        return (await response.json()) as GlossaryCard;
      },
    );
    card.catch(() => cards.delete(slug));
    cards.set(slug, card);
  }
  return card;
}

const termOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLAnchorElement>("a.term[data-term]") : null;

/**
 * The definition of a defined term, shown beside it while the pointer rests on it or it has the keyboard's
 * focus (the term stays a link to the definition in its chapter). Dismissed with Escape; the pointer may move
 * onto the card to read it (WCAG 1.4.13). The term is described by the card while it is open.
 */
export function GlossaryCards({ root }: { root: RefObject<HTMLElement | null> }) {
  const id = useId();
  const [shown, setShown] = useState<{ anchor: HTMLAnchorElement; content: CardState } | null>(null);
  const anchor = shown?.anchor ?? null;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const schedule = (change: () => void, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(change, delay);
  };

  useEffect(() => {
    const node = root.current;
    if (!node) return;
    const show = (term: HTMLAnchorElement, delay: number) =>
      schedule(
        () => setShown((now) => (now?.anchor === term ? now : { anchor: term, content: { status: "loading" } })),
        delay,
      );
    const hide = (delay: number) => schedule(() => setShown(null), delay);
    const onPointerOver = (event: PointerEvent) => {
      // On touch a tap follows the link; cards are for pointers that can hover.
      const term = termOf(event.target);
      if (term && event.pointerType === "mouse") show(term, HOVER_DELAY_MS);
    };
    const onPointerOut = (event: PointerEvent) => {
      const term = termOf(event.target);
      if (term && !term.contains(event.relatedTarget as Node | null)) hide(LEAVE_DELAY_MS);
    };
    const onFocusIn = (event: FocusEvent) => {
      const term = termOf(event.target);
      if (term) show(term, 0);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (termOf(event.target)) hide(0);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide(0);
    };
    node.addEventListener("pointerover", onPointerOver);
    node.addEventListener("pointerout", onPointerOut);
    node.addEventListener("focusin", onFocusIn);
    node.addEventListener("focusout", onFocusOut);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      clearTimeout(timer.current);
      node.removeEventListener("pointerover", onPointerOver);
      node.removeEventListener("pointerout", onPointerOut);
      node.removeEventListener("focusin", onFocusIn);
      node.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [root]);

  useEffect(() => {
    if (!anchor) return;
    let current = true;
    const settle = (content: CardState) => {
      if (current) setShown((now) => (now?.anchor === anchor ? { anchor, content } : now));
    };
    anchor.setAttribute("aria-describedby", id);
    fetchCard(anchor.dataset.term ?? "").then(
      (card) => settle({ status: "ready", card }),
      () => settle({ status: "failed" }),
    );
    return () => {
      current = false;
      anchor.removeAttribute("aria-describedby");
    };
  }, [anchor, id]);

  return (
    // Popper's own element is the tooltip (it has the role).
    <Popper
      id={id}
      open={anchor !== null}
      anchorEl={anchor}
      placement="bottom-start"
      modifiers={[{ name: "offset", options: { offset: [0, 6] } }]}
      sx={{ zIndex: "tooltip" }}
    >
      <Paper
        elevation={8}
        onPointerEnter={() => clearTimeout(timer.current)}
        onPointerLeave={() => schedule(() => setShown(null), LEAVE_DELAY_MS)}
        sx={{
          p: 2,
          maxWidth: "min(26rem, calc(100vw - 2rem))",
          lineHeight: 1.6,
          "& p": { my: 0.5 },
          "& dfn": { fontStyle: "normal", fontWeight: 700 },
          ...displayMathStyles,
        }}
      >
        {shown && <CardContent state={shown.content} />}
      </Paper>
    </Popper>
  );
}

function CardContent({ state }: { state: CardState }) {
  if (state.status === "loading") return <Typography variant="body2">Loading the definition…</Typography>;
  if (state.status === "failed") {
    return <Typography variant="body2">The definition cannot be loaded now: follow the link to read it.</Typography>;
  }
  const { card } = state;
  return (
    <>
      <Typography variant="subtitle2" component="p">
        {card.term}
      </Typography>
      {card.html === null ? (
        <Typography variant="body2">Defined in a premium chapter: the definition is for subscribers.</Typography>
      ) : (
        <div dangerouslySetInnerHTML={{ __html: card.html }} />
      )}
      <Typography variant="caption" color="text.secondary" component="p">
        {card.chapterTitle} · {card.sectionTitle}
      </Typography>
    </>
  );
}
