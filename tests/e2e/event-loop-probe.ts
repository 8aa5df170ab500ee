import { monitorEventLoopDelay } from "node:perf_hooks";

/**
 * Preloaded into a server that startServer({ preload }) starts: on the message
 * "event-loop-delay" it answers the longest delay of its event loop since the
 * last question, in milliseconds, and starts measuring afresh.
 */
const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
process.on("message", (message) => {
  if (message !== "event-loop-delay") return;
  process.send?.({ maxMs: histogram.max / 1e6 });
  histogram.reset();
});
