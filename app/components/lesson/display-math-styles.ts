/** Display formulas scroll sideways within their column instead of widening it (a phone is narrower than many). */
export const displayMathStyles = {
  "& .lesson-display-math": { overflowX: "auto", overflowY: "hidden", py: 0.5 },
  // Display maths inside a paragraph is a span (a div may not sit in a <p>); it still gets a line of its own.
  "& span.lesson-display-math": { display: "block" },
} as const;
