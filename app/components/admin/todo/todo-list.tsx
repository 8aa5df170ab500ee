import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import DragIndicatorIcon from "@mui/icons-material/DragIndicator";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type PointerEvent, type ReactNode } from "react";
import { Link } from "react-router";
import {
  TODO_PRIORITY_LABELS,
  TODO_STATUS_LABELS,
  type TodoPriority,
  type TodoStatus,
} from "#app/models/todo-vocabulary";
import { formatDate } from "#app/utils/format-date";
import { countOf } from "#app/utils/plural";

/** One item as the list shows it. */
export interface TodoRow {
  id: string;
  title: string;
  href: string;
  status: TodoStatus;
  priority: TodoPriority;
  /** The assignee's name, or null when nobody is assigned. */
  assignee: string | null;
  assignedToViewer: boolean;
  dueOn: string | null;
  /** Due before today (UTC) and not done. */
  overdue: boolean;
  commentCount: number;
  version: number;
}

interface TodoListProps {
  /** The id of the heading that names the list. */
  labelledBy: string;
  rows: readonly TodoRow[];
  /**
   * A move made in the browser (a drop, or a move button once scripts run): the row and its new place
   * (from 0) in this list. Without scripts the buttons post their form instead.
   */
  onMove(id: string, to: number): void;
  /** A move is on its way to the server: presses of the move buttons wait until it is back, drags are not started. */
  moving: boolean;
  /** Shown after a row's own facts: e.g. its status button. */
  rowActions?(row: TodoRow): ReactNode;
}

type Direction = "up" | "down";

interface Drag {
  id: string;
  from: number;
  to: number;
  /** How far the pointer went since it took the handle, in pixels. */
  dy: number;
  height: number;
}

/**
 * The list in its order, reordered two ways: by dragging a row's handle (pointer events, so mouse,
 * pen and touch alike), or with its "Move up" and "Move down" buttons, which are a form that posts
 * without scripts. Each move names the rows this list shows, in order, so the server can refuse one
 * based on an order that changed meanwhile. After a button moves a row, the focus stays on it.
 */
export function TodoList({ labelledBy, rows, onMove, moving, rowActions }: TodoListProps) {
  const rowElements = useRef(new Map<string, HTMLLIElement>());
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // The drag as rendered, and the same in a ref: a pointer event may come before React has rendered the
  // one before it, so the handlers read the ref.
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragging = useRef<(Drag & { startY: number; mids: number[] }) | null>(null);
  const focusAfterMove = useRef<{ id: string; direction: Direction } | null>(null);
  // Presses made while a move is on its way, applied one by one once it is back.
  const queued = useRef<{ id: string; direction: Direction }[]>([]);
  const seen = rows.map((row) => row.id).join(",");

  // The moved row's button keeps the focus wherever the row lands (the top row's "Move up" is disabled,
  // so its "Move down" takes it); once the move is settled the list lets go of the focus. A layout effect,
  // so a key pressed right after the row moved still reaches the button.
  useLayoutEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    const preferred = buttons.current.get(`${target.id}:${target.direction}`);
    const other = buttons.current.get(`${target.id}:${target.direction === "up" ? "down" : "up"}`);
    const button = preferred && !preferred.disabled ? preferred : other;
    if (button && !button.disabled && document.activeElement !== button) button.focus();
    if (!moving) focusAfterMove.current = null;
  }, [rows, moving]);

  useEffect(() => {
    if (moving) return;
    const next = queued.current.shift();
    if (!next) return;
    const from = rows.findIndex((row) => row.id === next.id);
    const to = next.direction === "up" ? from - 1 : from + 1;
    if (from === -1 || to < 0 || to >= rows.length) {
      queued.current = [];
      return;
    }
    focusAfterMove.current = next;
    onMove(next.id, to);
  }, [rows, moving, onMove]);

  useEffect(() => {
    if (!drag) return;
    const cancel = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      dragging.current = null;
      setDrag(null);
    };
    window.addEventListener("keydown", cancel);
    return () => window.removeEventListener("keydown", cancel);
  }, [drag]);

  function submitMove(event: FormEvent<HTMLFormElement>, id: string) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (!(submitter instanceof HTMLButtonElement)) return;
    const direction: Direction = submitter.dataset.direction === "up" ? "up" : "down";
    focusAfterMove.current = { id, direction };
    if (moving) queued.current.push({ id, direction });
    else onMove(id, Number(submitter.value));
  }

  function startDrag(event: PointerEvent<HTMLElement>, id: string, from: number) {
    if (event.button !== 0 || moving || rows.length < 2) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    // Where each row's middle was when the drag began: the rows only shift by transforms meanwhile.
    const rects = rows.map((row) => rowElements.current.get(row.id)!.getBoundingClientRect());
    const started = { id, from, to: from, dy: 0, height: rects[from]!.height };
    dragging.current = { ...started, startY: event.clientY, mids: rects.map((rect) => rect.top + rect.height / 2) };
    setDrag(started);
  }

  function continueDrag(event: PointerEvent<HTMLElement>) {
    const current = dragging.current;
    if (!current) return;
    const dy = event.clientY - current.startY;
    const middle = current.mids[current.from]! + dy;
    const to = current.mids.filter((mid, index) => index !== current.from && mid < middle).length;
    dragging.current = { ...current, dy, to };
    setDrag({ id: current.id, from: current.from, to, dy, height: current.height });
  }

  function endDrag(drop: boolean) {
    const finished = dragging.current;
    dragging.current = null;
    setDrag(null);
    if (drop && finished && finished.to !== finished.from) onMove(finished.id, finished.to);
  }

  /** How far a row moves aside while another is dragged over it. */
  function shift(index: number): number {
    if (!drag) return 0;
    if (drag.from < index && index <= drag.to) return -drag.height;
    if (drag.to <= index && index < drag.from) return drag.height;
    return 0;
  }

  return (
    <Paper variant="outlined" component="ol" aria-labelledby={labelledBy} sx={{ listStyle: "none", m: 0, p: 0 }}>
      {rows.map((row, index) => {
        const dragged = drag?.id === row.id;
        return (
          <Box
            component="li"
            key={row.id}
            ref={(element: HTMLLIElement | null) => {
              if (element) rowElements.current.set(row.id, element);
              else rowElements.current.delete(row.id);
            }}
            sx={{
              position: "relative",
              display: "flex",
              flexWrap: { xs: "wrap", sm: "nowrap" },
              alignItems: "center",
              columnGap: 1.5,
              rowGap: 1,
              px: { xs: 1, sm: 1.5 },
              py: 1.25,
              bgcolor: "background.paper",
              borderTop: index === 0 ? 0 : 1,
              borderColor: "divider",
              transform: `translateY(${dragged ? drag.dy : shift(index)}px)`,
              transition: drag && !dragged ? "transform 120ms ease" : "none",
              zIndex: dragged ? 2 : "auto",
              boxShadow: dragged ? 6 : "none",
            }}
          >
            <Box
              data-drag-handle
              aria-hidden
              title="Drag to reorder"
              onPointerDown={(event) => startDrag(event, row.id, index)}
              onPointerMove={continueDrag}
              onPointerUp={() => endDrag(true)}
              onPointerCancel={() => endDrag(false)}
              sx={{
                display: "flex",
                alignItems: "center",
                alignSelf: "stretch",
                color: "text.secondary",
                cursor: dragged ? "grabbing" : "grab",
                // The finger drags the row instead of scrolling the page.
                touchAction: "none",
                px: 0.25,
              }}
            >
              <DragIndicatorIcon fontSize="small" />
            </Box>
            <Typography
              component="span"
              aria-hidden
              color="text.secondary"
              sx={{ minWidth: "2ch", textAlign: "right", fontVariantNumeric: "tabular-nums" }}
            >
              {index + 1}.
            </Typography>
            <Box sx={{ flex: "1 1 12rem", minWidth: 0 }}>
              <MuiLink
                component={Link}
                to={row.href}
                color="textPrimary"
                underline="hover"
                sx={{
                  fontWeight: 500,
                  overflowWrap: "anywhere",
                  textDecorationLine: row.status === "done" ? "line-through" : undefined,
                }}
              >
                {row.title}
              </MuiLink>
              <RowFacts row={row} />
            </Box>
            <Box sx={{ display: "flex", alignItems: "center", gap: 1, ml: { xs: "auto", sm: 0 } }}>
              <Chip
                size="small"
                label={TODO_STATUS_LABELS[row.status]}
                color={row.status === "done" ? "success" : row.status === "doing" ? "info" : "default"}
                variant={row.status === "open" ? "outlined" : "filled"}
              />
              {rowActions?.(row)}
              <Box
                component="form"
                method="post"
                onSubmit={(event: FormEvent<HTMLFormElement>) => submitMove(event, row.id)}
                sx={{ display: "flex" }}
              >
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="todoId" value={row.id} />
                <input type="hidden" name="seen" value={seen} />
                {(["up", "down"] as const).map((direction) => (
                  <IconButton
                    key={direction}
                    type="submit"
                    name="to"
                    value={direction === "up" ? index - 1 : index + 1}
                    data-direction={direction}
                    disabled={direction === "up" ? index === 0 : index === rows.length - 1}
                    aria-label={`Move “${row.title}” ${direction}`}
                    title={direction === "up" ? "Move up" : "Move down"}
                    size="small"
                    ref={(element: HTMLButtonElement | null) => {
                      const key = `${row.id}:${direction}`;
                      if (element) buttons.current.set(key, element);
                      else buttons.current.delete(key);
                    }}
                  >
                    {direction === "up" ? <ArrowUpwardIcon fontSize="small" /> : <ArrowDownwardIcon fontSize="small" />}
                  </IconButton>
                ))}
              </Box>
            </Box>
          </Box>
        );
      })}
    </Paper>
  );
}

/** Priority, assignee, due date and comments in words: overdue is said, not only coloured. */
function RowFacts({ row }: { row: TodoRow }) {
  const urgent = row.priority === "urgent" || row.priority === "high";
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      component="p"
      sx={{ m: 0, display: "flex", flexWrap: "wrap", columnGap: 1.5 }}
    >
      <Box component="span" sx={urgent ? { color: row.priority === "urgent" ? "error.main" : "warning.dark" } : {}}>
        {TODO_PRIORITY_LABELS[row.priority]} priority
      </Box>
      <span>{row.assignee ? `Assigned to ${row.assignedToViewer ? "you" : row.assignee}` : "Unassigned"}</span>
      {row.dueOn && (
        <Box component="span" sx={row.overdue ? { color: "error.main", fontWeight: 500 } : {}}>
          {row.overdue ? "Overdue: was due" : "Due"} <time dateTime={row.dueOn}>{formatDate(row.dueOn)}</time>
        </Box>
      )}
      {row.commentCount > 0 && <span>{countOf(row.commentCount, "comment")}</span>}
    </Typography>
  );
}
