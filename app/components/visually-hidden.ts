/** Styles that hide text on screen but keep it for screen readers. */
export const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  p: 0,
  border: 0,
  overflow: "hidden",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
} as const;
