import { afterAll, describe, expect, it } from "vitest";
import { deadlineSignal, FactorizationStopped } from "#core/numtheory/factorization-types";
import { factorize } from "#core/numtheory/factorize";
import { parallelEngine, type SiqsCheckpoint, type SiqsCheckpointStore } from "#core/numtheory/parallel-engine";
import { startTaskPorts } from "./factor-task-ports";

// Balanced semiprimes from ../shared/bench/factor/sets (sp35-1, sp45-1), factors from semiprimes.factors.txt.
const SP35 = { n: 26706438303448993191307458294641917n, p: 104873689108795879n, q: 254653369499987323n };
const SP45 = {
  n: 517395774743593281578015141422675964598085031n,
  p: 17407931901907163406521n,
  q: 29721840460951531817311n,
};

/** Checkpoints kept in memory, with a record of every save. */
function memoryCheckpoints(): SiqsCheckpointStore & { saved: Map<bigint, SiqsCheckpoint>; saves: number } {
  const saved = new Map<bigint, SiqsCheckpoint>();
  return {
    saved,
    saves: 0,
    async load(n) {
      return saved.get(n) ?? null;
    },
    async save(n, checkpoint) {
      this.saves += 1;
      saved.set(n, structuredClone(checkpoint));
    },
    async clear(n) {
      saved.delete(n);
    },
  };
}

describe("the parallel engine on real worker threads", () => {
  const threads = startTaskPorts(2);
  afterAll(() => threads.close());

  it("factors a balanced semiprime with SIQS spread over two threads", async () => {
    const engine = parallelEngine(threads.ports);
    const result = await factorize(SP35.n, { engine });
    expect(result.factors.map((f) => f.value)).toEqual([SP35.p, SP35.q]);
    expect(result.log.at(-1)?.method).toBe("siqs");
  });

  it("finds a factor with ECM curves spread over two threads", async () => {
    // 2^128 + 1 = 59649589127497217 · 5704689200685129054721 (Morrison and Brillhart, 1970).
    const engine = parallelEngine(threads.ports);
    let lastCount = 0;
    const factor = await engine.ecm(
      2n ** 128n + 1n,
      { B1: 11_000, B2: 1_100_000, curves: 400 },
      11n,
      (done) => (lastCount = done),
    );
    expect([59649589127497217n, 5704689200685129054721n]).toContain(factor);
    expect(lastCount).toBeGreaterThan(0);
  });

  it("saves SIQS relations as it goes and resumes from them after a stop", async () => {
    const checkpoints = memoryCheckpoints();
    const first = parallelEngine(threads.ports, { checkpoints });
    // Stopped a third of the way, however fast this machine sieves.
    const signal = { aborted: false };
    const stoppedAt = first.siqs(SP45.n, (found, needed) => (signal.aborted ||= found * 3 >= needed), signal);
    await expect(stoppedAt).rejects.toBeInstanceOf(FactorizationStopped);
    const saved = checkpoints.saved.get(SP45.n);
    expect(saved).toBeDefined();

    const counts: number[] = [];
    const second = parallelEngine(threads.ports, { checkpoints });
    const factor = await second.siqs(SP45.n, (found) => counts.push(found));
    expect([SP45.p, SP45.q]).toContain(factor);
    // The resumed run starts from the saved relations, and a finished number's checkpoint is removed.
    expect(counts[0]).toBeGreaterThan(0);
    expect(checkpoints.saved.has(SP45.n)).toBe(false);
  });

  it("stops a run promptly when its signal is raised", async () => {
    const engine = parallelEngine(threads.ports);
    const started = Date.now();
    const signal = deadlineSignal(200);
    await expect(engine.siqs(SP45.n * SP35.n, () => {}, signal)).rejects.toThrow(FactorizationStopped);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
