import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Formula } from "../math/formula";

interface PaletteEntry {
  name: string;
  /** What the button shows, typeset. */
  tex: string;
  before: string;
  after?: string;
}

/** The notation of the course, grouped as the chapters use it. */
const groups: { title: string; entries: PaletteEntry[] }[] = [
  {
    title: "Formulas",
    entries: [
      { name: "inline formula", tex: "\\$x\\$", before: "$", after: "$" },
      { name: "display formula", tex: "\\$\\$x\\$\\$", before: "$$\n", after: "\n$$" },
    ],
  },
  {
    title: "Structure",
    entries: [
      { name: "fraction", tex: "\\frac{a}{b}", before: "\\frac{", after: "}{}" },
      { name: "power", tex: "x^{n}", before: "^{", after: "}" },
      { name: "subscript", tex: "x_{i}", before: "_{", after: "}" },
      { name: "square root", tex: "\\sqrt{x}", before: "\\sqrt{", after: "}" },
      { name: "sum", tex: "\\sum_{i=1}^{n}", before: "\\sum_{i=1}^{n} " },
      { name: "product", tex: "\\prod_{p}", before: "\\prod_{p} " },
      { name: "binomial coefficient", tex: "\\binom{n}{k}", before: "\\binom{", after: "}{}" },
    ],
  },
  {
    title: "Number theory",
    entries: [
      { name: "congruence modulo m", tex: "a \\equiv b \\pmod{m}", before: "\\equiv ", after: " \\pmod{m}" },
      { name: "remainder mod m", tex: "a \\bmod m", before: "\\bmod " },
      { name: "divides", tex: "a \\mid b", before: "\\mid " },
      { name: "does not divide", tex: "a \\nmid b", before: "\\nmid " },
      { name: "Euler's phi", tex: "\\varphi(n)", before: "\\varphi(", after: ")" },
      { name: "greatest common divisor", tex: "\\gcd(a,b)", before: "\\gcd(", after: ")" },
      { name: "least common multiple", tex: "\\operatorname{lcm}(a,b)", before: "\\operatorname{lcm}(", after: ")" },
      { name: "multiplicative order", tex: "\\operatorname{ord}_m(a)", before: "\\operatorname{ord}_{m}(", after: ")" },
      { name: "floor", tex: "\\lfloor x \\rfloor", before: "\\lfloor ", after: " \\rfloor" },
    ],
  },
  {
    title: "Relations and symbols",
    entries: [
      { name: "less than or equal", tex: "\\le", before: "\\le " },
      { name: "greater than or equal", tex: "\\ge", before: "\\ge " },
      { name: "not equal", tex: "\\ne", before: "\\ne " },
      { name: "times", tex: "\\times", before: "\\times " },
      { name: "dot", tex: "\\cdot", before: "\\cdot " },
      { name: "dots", tex: "\\dots", before: "\\dots " },
      { name: "pi", tex: "\\pi", before: "\\pi " },
      { name: "infinity", tex: "\\infty", before: "\\infty " },
    ],
  },
];

/** Buttons that insert LaTeX at the cursor, wrapping the selection where that makes sense. */
export function FormulaPalette({ insert }: { insert: (before: string, after?: string) => void }) {
  return (
    <Box component="section" aria-labelledby="palette-heading" sx={{ mb: 2 }}>
      <Typography id="palette-heading" variant="overline" component="h2" color="text.secondary">
        Formula palette
      </Typography>
      {groups.map((group) => (
        <Box
          key={group.title}
          role="group"
          aria-label={group.title}
          sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, mb: 1 }}
        >
          {group.entries.map((entry) => (
            <Button
              key={entry.name}
              size="small"
              variant="outlined"
              color="inherit"
              aria-label={`Insert ${entry.name}`}
              title={entry.name}
              onClick={() => insert(entry.before, entry.after)}
              sx={{ textTransform: "none", minWidth: 0 }}
            >
              <Formula tex={entry.tex} />
            </Button>
          ))}
        </Box>
      ))}
    </Box>
  );
}
