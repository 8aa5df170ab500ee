/**
 * The part of plotly's API the plot labs use. plotly.js ships no types of its own, and the
 * strict bundle (no eval, as our Content-Security-Policy requires) has no @types package.
 */
declare module "plotly.js-strict-dist-min" {
  /** A trace or layout as plotly reads it: plain JSON-like objects. */
  type PlotlySpec = Record<string, unknown>;

  interface PlotlyConfig {
    responsive?: boolean;
    displaylogo?: boolean;
    modeBarButtonsToRemove?: string[];
  }

  interface PlotlyStatic {
    /** Draws into `root`, or updates what is drawn there with as little work as it can. */
    react(root: HTMLElement, data: PlotlySpec[], layout: PlotlySpec, config?: PlotlyConfig): Promise<HTMLElement>;
    /** Removes the plot and its listeners from `root`. */
    purge(root: HTMLElement): void;
  }

  const Plotly: PlotlyStatic;
  export default Plotly;
  export type { PlotlyConfig, PlotlySpec, PlotlyStatic };
}
