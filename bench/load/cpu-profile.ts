/**
 * Reads a V8 CPU profile (`node --cpu-prof`: JSON nodes with callFrame and children, and the samples with
 * their time deltas) into the functions that cost the most: by self time (samples taken in the function
 * itself) and by inclusive time (samples with the function anywhere on the stack, counted once per sample
 * however often it recurses). Times in a profile are microseconds of the system's monotonic clock.
 */

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface FunctionCost {
  /** `name (file:line)`, the line 1-based as editors count. */
  name: string;
  selfMs: number;
  inclusiveMs: number;
  /** Shares of the time in which the process was not idle. */
  selfShare: number;
  inclusiveShare: number;
}

/** V8's pseudo-frames for a thread with nothing to run. */
const IDLE = new Set(["(idle)", "(root)"]);

/** Costs over the samples taken in `window` (monotonic microseconds), or over all of them. */
export function functionCosts(
  profile: CpuProfile,
  { root = process.cwd(), window }: { root?: string; window?: { from: number; to: number } } = {},
): FunctionCost[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (window && (at < window.from || at > window.to)) return;
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0));
  });

  const keyOf = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.replace(/^file:\/\//, "").replace(`${root}/`, "");
    return `${functionName || "(anonymous)"}${file ? ` (${file}:${lineNumber + 1})` : ""}`;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  // Depth first with a stack of our own (a deep profile would overflow the call stack); `onPath` counts each
  // key on the current path, so a function is credited a subtree only where it is outermost.
  const onPath = new Map<string, number>();
  const subtotal = new Map<number, number>();
  const childIds = new Set(profile.nodes.flatMap((node) => node.children ?? []));
  const stack = profile.nodes.filter((node) => !childIds.has(node.id)).map((node) => ({ id: node.id, entered: false }));
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const node = byId.get(frame.id)!;
    const key = keyOf(frame.id);
    if (!frame.entered) {
      frame.entered = true;
      onPath.set(key, (onPath.get(key) ?? 0) + 1);
      for (const child of node.children ?? []) stack.push({ id: child, entered: false });
      continue;
    }
    stack.pop();
    const own = IDLE.has(node.callFrame.functionName) ? 0 : (selfMicros.get(frame.id) ?? 0);
    busy += own;
    self.set(key, (self.get(key) ?? 0) + own);
    const total = (node.children ?? []).reduce((sum, child) => sum + subtotal.get(child)!, own);
    subtotal.set(frame.id, total);
    const depth = onPath.get(key)! - 1;
    if (depth === 0) {
      inclusive.set(key, (inclusive.get(key) ?? 0) + total);
      onPath.delete(key);
    } else onPath.set(key, depth);
  }

  return [...inclusive]
    .filter(([key, micros]) => !IDLE.has(key) && micros > 0)
    .map(([key, micros]) => ({
      name: key,
      selfMs: (self.get(key) ?? 0) / 1000,
      inclusiveMs: micros / 1000,
      selfShare: busy > 0 ? (self.get(key) ?? 0) / busy : 0,
      inclusiveShare: busy > 0 ? micros / busy : 0,
    }));
}

/** The `count` costliest functions by self or inclusive time, as a Markdown table. */
export function topFunctions(costs: FunctionCost[], by: "self" | "inclusive", count = 15): string {
  const ms = (cost: FunctionCost) => (by === "self" ? cost.selfMs : cost.inclusiveMs);
  const share = (cost: FunctionCost) => (by === "self" ? cost.selfShare : cost.inclusiveShare);
  const rows = [...costs]
    .sort((a, b) => ms(b) - ms(a))
    .slice(0, count)
    .map((cost) => `| ${(share(cost) * 100).toFixed(1)} % | ${Math.round(ms(cost))} | ${cost.name} |`);
  return [`| ${by} share of busy time | ms | function |`, "|---|---|---|", ...rows].join("\n");
}
