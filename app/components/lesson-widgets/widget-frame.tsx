import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useId, useSyncExternalStore, type ReactNode } from "react";

interface WidgetFrameProps {
  title: string;
  /** One sentence on what to do with the widget. */
  instructions?: ReactNode;
  /**
   * The height the widget keeps from the server's first paint on, so nothing
   * below it moves when it hydrates (CSS length, e.g. "420px" or "28rem").
   */
  minHeight: string;
  children: ReactNode;
}

const subscribeToNothing = () => () => {};

/**
 * The box every lesson widget sits in: a labelled group that keeps its place in
 * the page. It carries `data-live` once the widget runs in the browser (false on
 * the server and while hydrating), so tests and styles can tell the server's
 * picture from the working widget.
 */
export function WidgetFrame({ title, instructions, minHeight, children }: WidgetFrameProps) {
  const headingId = useId();
  const live = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  return (
    <Paper
      component="div"
      variant="outlined"
      role="group"
      aria-labelledby={headingId}
      className="lesson-widget"
      data-live={live ? "" : undefined}
      sx={{ my: 3, p: { xs: 2, sm: 3 }, minHeight, breakInside: "avoid" }}
    >
      <Typography id={headingId} variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {instructions && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {instructions}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
