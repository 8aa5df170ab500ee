import Box from "@mui/material/Box";
import FormHelperText from "@mui/material/FormHelperText";
import InputLabel from "@mui/material/InputLabel";
import OutlinedInput from "@mui/material/OutlinedInput";
import { useEffect, useId, useRef, useState } from "react";
import type { MathfieldElement } from "mathlive";
import { loadMathLive } from "../math/load-mathlive.client";

interface MathAnswerFieldProps {
  name: string;
  label: string;
  helperText: string;
  disabled: boolean;
  given?: string;
  maxLength: number;
  /** Why the answer cannot be checked as it is (from the server), shown in place of the help. */
  error?: string;
  /** Called with the field's LaTeX as the learner types (for pages that show it live). */
  onLatex?(latex: string): void;
  /**
   * Make the maths field only once the plain field is first focused: where a page has many fields (a
   * chapter's exercises), creating them all at once would hold the page's main thread.
   */
  loadOnFocus?: boolean;
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
 * The height both the plain field and the maths field take (the maths field grows for tall maths such
 * as fractions), so nothing below moves when MathLive replaces the plain field.
 */
const FIELD_HEIGHT = 48;

/**
 * Gives the maths field the browser's focus at once, on the pointer press. MathLive cancels the press
 * and moves the focus itself 60 ms later (its onFocus waits with a setTimeout), so keys typed in
 * between went to the field focused before. Focusing the host delegates to MathLive's own keyboard
 * sink (the shadow root has delegatesFocus), whose focus handler runs MathLive's usual focus path.
 */
function focusAtOnce(field: MathfieldElement) {
  field.addEventListener(
    "pointerdown",
    () => {
      if (!field.hasFocus()) HTMLElement.prototype.focus.call(field, { preventScroll: true });
    },
    { capture: true },
  );
}

/**
 * A typed answer in MathLive's maths field, with its virtual keyboard (mod, ≡, φ, gcd, powers,
 * fractions) and ordinary typing. The form sends the field's LaTeX. Before the field has loaded,
 * without scripts, or once answered, a plain text field stands in, with the same label and height;
 * the grader reads both. Whatever was typed in the plain field, and its focus, carry over.
 */
export function MathAnswerField({
  name,
  label,
  helperText,
  disabled,
  given,
  maxLength,
  error,
  onLatex,
  loadOnFocus = false,
}: MathAnswerFieldProps) {
  const host = useRef<HTMLDivElement | null>(null);
  const plainInput = useRef<HTMLInputElement | null>(null);
  const [latex, setLatex] = useState(given ?? "");
  const [loaded, setLoaded] = useState(false);
  const [wanted, setWanted] = useState(!loadOnFocus);
  /** The plain field had the focus when the maths field replaced it: the maths field takes it. */
  const focusOnLoad = useRef(false);
  const labelId = useId();
  const helperId = useId();
  const latestOnLatex = useRef(onLatex);
  useEffect(() => {
    latestOnLatex.current = onLatex;
  });

  useEffect(() => {
    if (disabled || !wanted) return;
    let alive = true;
    let field: MathfieldElement | null = null;
    loadMathLive()
      .then(({ MathfieldElement }) => {
        if (!alive || !host.current) return;
        window.mathVirtualKeyboard.layouts = [NUMBER_THEORY_LAYOUT, "numeric", "alphabetic"];
        const mathfield = new MathfieldElement();
        mathfield.value = plainInput.current?.value ?? given ?? "";
        focusOnLoad.current = plainInput.current !== null && document.activeElement === plainInput.current;
        mathfield.setAttribute("aria-labelledby", labelId);
        mathfield.setAttribute("aria-describedby", helperId);
        mathfield.mathVirtualKeyboardPolicy = "auto";
        mathfield.addEventListener("input", () => {
          const value = mathfield.value.slice(0, maxLength);
          setLatex(value);
          latestOnLatex.current?.(value);
        });
        focusAtOnce(mathfield);
        host.current.replaceChildren(mathfield);
        field = mathfield;
        setLatex(mathfield.value.slice(0, maxLength));
        setLoaded(true);
      })
      .catch((error: unknown) => console.warn("The maths field could not load; plain typing stays.", error));
    return () => {
      alive = false;
      field?.remove();
    };
  }, [disabled, wanted, given, labelId, helperId, maxLength]);

  useEffect(() => {
    const field = host.current?.querySelector<MathfieldElement>("math-field");
    if (!loaded || !field || !focusOnLoad.current) return;
    focusOnLoad.current = false;
    field.executeCommand("moveToMathfieldEnd");
    HTMLElement.prototype.focus.call(field, { preventScroll: true });
  }, [loaded]);

  useEffect(() => {
    const field = host.current?.querySelector("math-field");
    if (!field) return;
    if (error) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
  }, [error, loaded]);

  const plain = disabled || !loaded;
  return (
    <Box>
      <InputLabel
        id={labelId}
        htmlFor={plain ? `${labelId}-plain` : undefined}
        shrink
        error={Boolean(error)}
        disabled={disabled}
        sx={{ position: "static", transform: "none", mb: 0.5 }}
      >
        {label}
      </InputLabel>
      {plain && (
        <OutlinedInput
          id={`${labelId}-plain`}
          inputRef={plainInput}
          name={name}
          defaultValue={given ?? ""}
          disabled={disabled}
          error={Boolean(error)}
          autoComplete="off"
          fullWidth
          onChange={(event) => latestOnLatex.current?.(event.target.value)}
          onFocus={() => setWanted(true)}
          slotProps={{ input: { maxLength, spellCheck: false, "aria-describedby": helperId } }}
          sx={{ height: FIELD_HEIGHT, fontSize: "1.25rem" }}
        />
      )}
      {/* Always mounted: the maths field is placed in it once loaded. */}
      <Box
        ref={host}
        sx={{
          display: plain ? "none" : "block",
          "& math-field": {
            // Centred in a box as tall as the plain field; taller maths (fractions) grows it.
            display: "flex",
            alignItems: "center",
            boxSizing: "border-box",
            width: "100%",
            minHeight: FIELD_HEIGHT,
            fontSize: "1.25rem",
            px: 1,
            py: 0,
            border: 1,
            borderColor: error ? "error.main" : "divider",
            borderRadius: 1,
            bgcolor: "background.paper",
            color: "text.primary",
          },
          "& math-field:focus-within": { outline: "2px solid", outlineColor: "primary.main" },
        }}
      />
      {!plain && <input type="hidden" name={name} value={latex} />}
      <FormHelperText id={helperId} error={Boolean(error)}>
        {error ?? helperText}
      </FormHelperText>
    </Box>
  );
}
