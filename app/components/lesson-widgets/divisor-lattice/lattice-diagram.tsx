import Box from "@mui/material/Box";
import type { Theme } from "@mui/material/styles";
import { useRef, type KeyboardEvent } from "react";
import { divides, LATTICE_NODE_HEIGHT, type DivisorLattice } from "#core/numtheory/divisor-lattice";
import { PRIME_COLOUR_COUNT, primeColour } from "../atom/prime-colours";

/** Pixels per viewBox unit: labels are drawn at 14 units, so read at 17.5 px at most… */
export const LATTICE_MAX_SCALE = 1.25;
/** …and never below 10 px: a wider lattice scrolls sideways instead. */
export const LATTICE_MIN_SCALE = 0.7;

const diagramStyles = (theme: Theme) => {
  const colors = theme.vars?.palette ?? theme.palette;
  const styles: Record<string, object> = {
    "& line": { strokeWidth: 2.5 },
    "& line.faint": { strokeOpacity: 0.35 },
    "& .node": { cursor: "pointer", outline: "none" },
    "& .node rect": { fill: colors.background.paper, stroke: colors.text.secondary, strokeWidth: 1.5 },
    "& .node text": { fill: colors.text.primary, fontFamily: "monospace", fontSize: 14 },
    "& .node.related rect": { stroke: colors.text.primary, strokeWidth: 3 },
    "& .node.bound rect": { fill: colors.nd_yellow.main, stroke: colors.text.primary, strokeWidth: 3 },
    "& .node.bound text": { fill: colors.common.black, fontWeight: 700 },
    "& .node.selected rect": { fill: colors.secondary.main, stroke: colors.text.primary, strokeWidth: 3 },
    "& .node.selected text": { fill: colors.common.black, fontWeight: 700 },
    "& .node.active rect": { fill: colors.primary.main, stroke: colors.text.primary, strokeWidth: 3 },
    "& .node.active text": { fill: colors.primary.contrastText, fontWeight: 700 },
    "& .node:focus-visible rect": { strokeWidth: 4, strokeDasharray: "5 3" },
  };
  for (let k = 0; k < PRIME_COLOUR_COUNT; k++) styles[`& line.prime-${k}`] = { stroke: primeColour(theme, k).main };
  return styles;
};

interface LatticeDiagramProps {
  lattice: DivisorLattice;
  /** The node hovered or focused, whose divisors and multiples light up. */
  active: number | null;
  selected: readonly number[];
  /** Meet and join of the two selected nodes. */
  bounds: readonly number[];
  /** The node that takes the Tab stop (roving tab index). */
  focusIndex: number;
  onActivate: (index: number | null) => void;
  onToggle: (index: number) => void;
  onFocusMove: (index: number) => void;
  describedBy: string;
}

/**
 * The Hasse diagram: 1 at the bottom, n at the top, an edge d — d·p coloured
 * by p. One Tab stop; the arrow keys walk it (up and down along edges, left and
 * right within a level), Enter or Space selects.
 */
export function LatticeDiagram(props: LatticeDiagramProps) {
  const { lattice, active, selected, bounds, focusIndex, onActivate, onToggle, onFocusMove, describedBy } = props;
  const nodeElements = useRef(new Map<number, SVGGElement>());
  const related = (index: number) => active !== null && index !== active && isComparable(lattice, index, active);

  const move = (from: number, key: string): number | null => {
    const node = lattice.nodes[from];
    if (!node) return null;
    const level = lattice.levels[node.level] ?? [];
    const position = level.indexOf(from);
    switch (key) {
      case "ArrowUp":
        return lattice.edges.find((edge) => edge.from === from)?.to ?? null;
      case "ArrowDown":
        return lattice.edges.find((edge) => edge.to === from)?.from ?? null;
      case "ArrowLeft":
        return level[position - 1] ?? null;
      case "ArrowRight":
        return level[position + 1] ?? null;
      case "Home":
        return 0;
      case "End":
        return lattice.nodes.length - 1;
      default:
        return null;
    }
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onToggle(index);
      return;
    }
    const target = move(index, event.key);
    if (target === null) return;
    event.preventDefault();
    onFocusMove(target);
    nodeElements.current.get(target)?.focus();
  };

  return (
    <Box ref={centreScroll} sx={{ overflowX: "auto", py: 0.5 }}>
      <Box
        component="svg"
        role="group"
        aria-label={`Divisors of ${lattice.n}, from 1 at the bottom to ${lattice.n} at the top`}
        aria-describedby={describedBy}
        viewBox={`0 0 ${lattice.width} ${lattice.height}`}
        sx={[
          diagramStyles,
          {
            display: "block",
            mx: "auto",
            width: "100%",
            maxWidth: lattice.width * LATTICE_MAX_SCALE,
            minWidth: lattice.width * LATTICE_MIN_SCALE,
          },
        ]}
      >
        {lattice.edges.map((edge) => {
          const from = lattice.nodes[edge.from];
          const to = lattice.nodes[edge.to];
          if (!from || !to) return null;
          const lit =
            active === null || (isComparable(lattice, edge.from, active) && isComparable(lattice, edge.to, active));
          return (
            <line
              key={`${edge.from}-${edge.to}`}
              className={`prime-${edge.primeIndex % PRIME_COLOUR_COUNT}${lit ? "" : " faint"}`}
              x1={from.x}
              y1={from.y - LATTICE_NODE_HEIGHT / 2}
              x2={to.x}
              y2={to.y + LATTICE_NODE_HEIGHT / 2}
            />
          );
        })}
        {lattice.nodes.map((node, index) => {
          const classes = [
            "node",
            index === active ? "active" : "",
            selected.includes(index) ? "selected" : "",
            bounds.includes(index) ? "bound" : "",
            related(index) ? "related" : "",
          ];
          const isSelected = selected.includes(index);
          return (
            <g
              key={node.value}
              ref={(element) => {
                if (element) nodeElements.current.set(index, element);
                else nodeElements.current.delete(index);
              }}
              className={classes.filter(Boolean).join(" ")}
              role="button"
              tabIndex={index === focusIndex ? 0 : -1}
              aria-pressed={isSelected}
              aria-label={`${node.value}`}
              onMouseEnter={() => onActivate(index)}
              onMouseLeave={() => onActivate(null)}
              onFocus={() => {
                onFocusMove(index);
                onActivate(index);
              }}
              onBlur={() => onActivate(null)}
              onClick={() => onToggle(index)}
              onKeyDown={onKeyDown(index)}
            >
              <rect
                x={node.x - lattice.nodeWidth / 2}
                y={node.y - LATTICE_NODE_HEIGHT / 2}
                width={lattice.nodeWidth}
                height={LATTICE_NODE_HEIGHT}
                rx={8}
              />
              <text x={node.x} y={node.y} textAnchor="middle" dominantBaseline="central">
                {node.value}
              </text>
            </g>
          );
        })}
      </Box>
    </Box>
  );
}

/** A lattice wider than the column opens scrolled to its middle, where 1 and n are. */
function centreScroll(element: HTMLDivElement | null) {
  if (element) element.scrollLeft = (element.scrollWidth - element.clientWidth) / 2;
}

const isComparable = (lattice: DivisorLattice, a: number, b: number) =>
  divides(lattice, a, b) || divides(lattice, b, a);
