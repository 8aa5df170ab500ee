import Box from "@mui/material/Box";
import FormHelperText from "@mui/material/FormHelperText";
import InputLabel from "@mui/material/InputLabel";
import TextField from "@mui/material/TextField";
import { useEffect, useId, useRef, useState } from "react";
import { loadMathLive } from "../math/load-mathlive.client";

interface MathAnswerFieldProps {
  name: string;
  label: string;
  helperText: string;
  disabled: boolean;
  given?: string;
  maxLength: number;
  /** Called with the field's LaTeX as the learner types (for pages that show it live). */
  onLatex?(latex: string): void;
}

/** The virtual keyboard's first layout: what number theory answers need. */
const NUMBER_THEORY_LAYOUT = {
  label: "mod",
  tooltip: "Number theory",
  rows: [
    [
      "[7]",
      "[8]",
      "[9]",
      "[/]",
      { latex: "\\equiv", tooltip: "congruent to" },
      { latex: "\\pmod{#0}", tooltip: "modulo" },
    ],
    [
      "[4]",
      "[5]",
      "[6]",
      "[*]",
      { latex: "\\frac{#@}{#0}", tooltip: "fraction" },
      { latex: "#@^{#0}", tooltip: "power" },
    ],
    [
      "[1]",
      "[2]",
      "[3]",
      "[-]",
      { latex: "\\gcd(#0)", tooltip: "greatest common divisor" },
      { latex: "\\varphi(#0)", tooltip: "Euler's phi" },
    ],
    ["[0]", "[.]", "[(]", "[)]", "[+]", "x", "[left]", "[right]", "[backspace]"],
  ],
};

/**
 * A typed answer in MathLive's maths field, with its virtual keyboard (mod, ≡, φ, gcd, powers,
 * fractions) and ordinary typing. The form sends the field's LaTeX. Before the field has loaded,
 * without scripts, or once answered, a plain text field stands in; the grader reads both.
 */
export function MathAnswerField({
  name,
  label,
  helperText,
  disabled,
  given,
  maxLength,
  onLatex,
}: MathAnswerFieldProps) {
  const host = useRef<HTMLDivElement | null>(null);
  const [latex, setLatex] = useState(given ?? "");
  const [loaded, setLoaded] = useState(false);
  const labelId = useId();
  const helperId = useId();
  const latestOnLatex = useRef(onLatex);
  useEffect(() => {
    latestOnLatex.current = onLatex;
  });

  useEffect(() => {
    if (disabled) return;
    let alive = true;
    let field: HTMLElement | null = null;
    loadMathLive()
      .then(({ MathfieldElement }) => {
        if (!alive || !host.current) return;
        window.mathVirtualKeyboard.layouts = [NUMBER_THEORY_LAYOUT, "numeric", "alphabetic"];
        const mathfield = new MathfieldElement();
        mathfield.value = given ?? "";
        mathfield.setAttribute("aria-labelledby", labelId);
        mathfield.setAttribute("aria-describedby", helperId);
        mathfield.mathVirtualKeyboardPolicy = "auto";
        mathfield.addEventListener("input", () => {
          const value = mathfield.value.slice(0, maxLength);
          setLatex(value);
          latestOnLatex.current?.(value);
        });
        host.current.replaceChildren(mathfield);
        field = mathfield;
        setLoaded(true);
      })
      .catch((error: unknown) => console.warn("The maths field could not load; plain typing stays.", error));
    return () => {
      alive = false;
      field?.remove();
    };
  }, [disabled, given, labelId, helperId, maxLength]);

  const plain = disabled || !loaded;
  return (
    <Box>
      {plain && (
        <TextField
          name={name}
          label={label}
          defaultValue={given ?? ""}
          disabled={disabled}
          helperText={helperText}
          autoComplete="off"
          fullWidth
          onChange={(event) => latestOnLatex.current?.(event.target.value)}
          slotProps={{ htmlInput: { maxLength, spellCheck: false } }}
        />
      )}
      {/* Always mounted: the maths field is placed in it once loaded. */}
      <Box sx={{ display: plain ? "none" : "block" }}>
        <InputLabel id={labelId} shrink sx={{ position: "static", transform: "none", mb: 0.5 }}>
          {label}
        </InputLabel>
        <Box
          ref={host}
          sx={{
            "& math-field": {
              display: "block",
              width: "100%",
              fontSize: "1.25rem",
              p: 1,
              border: 1,
              borderColor: "divider",
              borderRadius: 1,
              bgcolor: "background.paper",
              color: "text.primary",
            },
            "& math-field:focus-within": { outline: "2px solid", outlineColor: "primary.main" },
          }}
        />
        {!plain && <input type="hidden" name={name} value={latex} />}
        <FormHelperText id={helperId}>{helperText}</FormHelperText>
      </Box>
    </Box>
  );
}
