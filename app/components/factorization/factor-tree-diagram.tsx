import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { describeSplit, visibleNodes, type FactorTree } from "#core/numtheory/factor-tree";

const ROW_HEIGHT = 72;
const NODE_HEIGHT = 30;
const PADDING = 12;
/** Width of one digit of the 14 px monospace labels, and the space around a label. */
const DIGIT_WIDTH = 8.5;
const LABEL_MARGIN = 18;

const labelWidth = (value: bigint) => value.toString().length * DIGIT_WIDTH + LABEL_MARGIN;

/** The theme's CSS variables (cssVariables is on), so the drawing follows light and dark without a re-render. */
const diagramStyles = ({ vars, palette }: Theme) => {
  const colors = vars?.palette ?? palette;
  return {
    "& line": { stroke: colors.text.secondary, strokeWidth: 1.5 },
    "& rect": { fill: colors.background.paper, stroke: colors.primary.main, strokeWidth: 2 },
    "& .prime rect": { fill: colors.success.main, stroke: colors.success.dark },
    "& .prime text": { fill: colors.success.contrastText, fontWeight: 700 },
    "& .latest rect": { strokeWidth: 4, stroke: colors.secondary.main },
    "& text": { fill: colors.text.primary, fontFamily: "monospace", fontSize: 14 },
  };
};

/**
 * A factor tree revealed one split at a time. Buttons step through it; the
 * splits drawn so far are also written out as a list, the drawing's text
 * alternative. The parent keys it by n, so a new number starts from the root.
 */
export function FactorTreeDiagram({ tree }: { tree: FactorTree }) {
  const total = tree.steps.length;
  const [shown, setShown] = useState(0);
  const nextButton = useRef<HTMLButtonElement>(null);
  const startOverButton = useRef<HTMLButtonElement>(null);
  /** A button that becomes disabled drops the focus; hand it to the one that makes sense next. */
  const go = (step: number) => {
    const target = Math.max(0, Math.min(total, step));
    // Rendered at once, so the button to focus is already enabled.
    flushSync(() => setShown(target));
    if (target === total) startOverButton.current?.focus();
    if (target === 0) nextButton.current?.focus();
  };
  const visible = visibleNodes(tree, shown);
  const latest = shown > 0 ? tree.steps[shown - 1] : undefined;

  // One leaf slot is as wide as the widest label below the root; the root may be wider than its level needs.
  const unit = Math.max(48, ...tree.nodes.filter((node) => node.depth > 0).map((node) => labelWidth(node.value)));
  const root = tree.nodes[0];
  const width = Math.max(tree.leafCount * unit, root ? labelWidth(root.value) : 0) + 2 * PADDING;
  const offset = (width - tree.leafCount * unit) / 2;
  const height = (tree.height + 1) * ROW_HEIGHT;
  const at = (id: number) => {
    const node = tree.nodes[id];
    return node ? { x: offset + (node.x + 0.5) * unit, y: PADDING + node.depth * ROW_HEIGHT } : { x: 0, y: 0 };
  };

  const statusText =
    shown === 0
      ? `${root?.value ?? ""} before any split. ${total} splits to go.`
      : `Step ${shown} of ${total}: ${latest === undefined ? "" : describeSplit(tree, latest)}`;
  const leaves = tree.nodes.filter((node) => !node.children).map((node) => node.value);
  leaves.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
        <Button ref={nextButton} variant="contained" onClick={() => go(shown + 1)} disabled={shown >= total}>
          Next step
        </Button>
        <Button variant="outlined" color="inherit" onClick={() => go(shown - 1)} disabled={shown === 0}>
          Previous step
        </Button>
        <Button variant="outlined" color="inherit" onClick={() => go(total)} disabled={shown >= total}>
          Show all
        </Button>
        <Button ref={startOverButton} variant="outlined" color="inherit" onClick={() => go(0)} disabled={shown === 0}>
          Start over
        </Button>
      </Stack>
      <Typography aria-live="polite" sx={{ mb: 1 }}>
        {statusText}
      </Typography>
      <Box sx={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label="Factor tree drawing, scrolls sideways">
        <Box
          component="svg"
          role="img"
          aria-label={`Factor tree of ${root?.value ?? ""}: ${shown} of ${total} splits drawn, listed below`}
          viewBox={`0 0 ${width} ${height}`}
          width={width}
          height={height}
          sx={diagramStyles}
          style={{ display: "block", margin: "0 auto" }}
        >
          {tree.nodes.flatMap((node) =>
            (node.children ?? [])
              .filter((child) => visible[child])
              .map((child) => {
                const from = at(node.id);
                const to = at(child);
                return <line key={`${node.id}-${child}`} x1={from.x} y1={from.y + NODE_HEIGHT} x2={to.x} y2={to.y} />;
              }),
          )}
          {tree.nodes
            .filter((node) => visible[node.id])
            .map((node) => {
              const { x, y } = at(node.id);
              const w = labelWidth(node.value);
              const className = [node.children ? "composite" : "prime", node.id === latest ? "latest" : ""].join(" ");
              return (
                <g key={node.id} className={className}>
                  <rect x={x - w / 2} y={y} width={w} height={NODE_HEIGHT} rx={node.children ? 6 : NODE_HEIGHT / 2} />
                  <text x={x} y={y + NODE_HEIGHT / 2} textAnchor="middle" dominantBaseline="central">
                    {node.value.toString()}
                  </text>
                </g>
              );
            })}
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Green with rounded ends: a prime. Square corners: a composite, split on the next level.
      </Typography>
      {shown > 0 && (
        <Box component="ol" sx={{ mt: 1, mb: 0, fontFamily: "monospace" }} aria-label="Splits drawn so far">
          {tree.steps.slice(0, shown).map((id) => (
            <li key={id}>{describeSplit(tree, id)}</li>
          ))}
        </Box>
      )}
      {shown === total && <Typography sx={{ mt: 1 }}>Only primes are left: {leaves.join(" × ")}.</Typography>}
    </Box>
  );
}
