import Box from "@mui/material/Box";
import type { Theme } from "@mui/material/styles";
import { PARTICLE_HEIGHT, particlePosition, type AtomModel } from "#core/numtheory/atom-model";
import { PRIME_COLOUR_COUNT, primeColour } from "./prime-colours";

/** Positions are rounded so the server's and the browser's first render agree whatever their Math.sin does. */
const round = (value: number) => Math.round(value * 10) / 10;

/** The theme's CSS variables, so the drawing follows light and dark without a re-render. */
const diagramStyles = (theme: Theme) => {
  const colors = theme.vars?.palette ?? theme.palette;
  const styles: Record<string, object> = {
    "& .orbit": { fill: "none", stroke: colors.text.secondary, strokeWidth: 1.5, strokeDasharray: "4 5" },
    "& .nucleus circle": { fill: colors.primary.main, stroke: colors.text.primary, strokeWidth: 1.5 },
    "& .nucleus text": { fill: colors.primary.contrastText, fontSize: 16, fontWeight: 700 },
    "& .particle rect": { stroke: colors.text.primary, strokeWidth: 1.5 },
    "& .particle text": { fontSize: 13, fontWeight: 700 },
    "& text": { fontFamily: "monospace" },
  };
  for (let k = 0; k < PRIME_COLOUR_COUNT; k++) {
    const { main, contrast } = primeColour(theme, k);
    styles[`& .prime-${k} rect`] = { fill: main };
    styles[`& .prime-${k} text`] = { fill: contrast };
  }
  return styles;
};

interface AtomDiagramProps {
  model: AtomModel;
  /** Turns of the innermost orbit since the start. */
  time: number;
  /** Largest width on screen, in px; the drawing is square. */
  maxWidth: number;
  /** Id of the element that says in words what the drawing shows. */
  describedBy: string;
}

/** n in the nucleus, and one orbit per prime carrying one particle per unit of its exponent. */
export function AtomDiagram({ model, time, maxWidth, describedBy }: AtomDiagramProps) {
  const centre = model.size / 2;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={`Atomic model of ${model.n}`}
      aria-describedby={describedBy}
      viewBox={`0 0 ${round(model.size)} ${round(model.size)}`}
      sx={[diagramStyles, { display: "block", width: "100%", maxWidth, mx: "auto" }]}
    >
      {model.shells.map((shell) => (
        <circle
          key={`orbit-${shell.prime}`}
          className="orbit"
          cx={round(centre)}
          cy={round(centre)}
          r={round(shell.radius)}
        />
      ))}
      <g className="nucleus">
        <circle cx={round(centre)} cy={round(centre)} r={round(model.nucleusRadius)} />
        <text x={round(centre)} y={round(centre)} textAnchor="middle" dominantBaseline="central">
          {model.n}
        </text>
      </g>
      {model.shells.flatMap((shell, shellIndex) =>
        Array.from({ length: shell.exponent }, (_, particle) => {
          const { x, y } = particlePosition(model, shellIndex, particle, time);
          return (
            <g
              key={`${shell.prime}-${particle}`}
              className={`particle prime-${shellIndex % PRIME_COLOUR_COUNT}`}
              transform={`translate(${round(x)} ${round(y)})`}
            >
              <rect
                x={-shell.particleWidth / 2}
                y={-PARTICLE_HEIGHT / 2}
                width={shell.particleWidth}
                height={PARTICLE_HEIGHT}
                rx={PARTICLE_HEIGHT / 2}
              />
              <text textAnchor="middle" dominantBaseline="central">
                {shell.prime}
              </text>
            </g>
          );
        }),
      )}
    </Box>
  );
}
