import type { SiqsParameters } from "./parameters";
import type { Relation, RelationBatch } from "./relation";

/** Dependencies beyond the bare minimum: each splits a semiprime with probability ½. */
const SURPLUS_RELATIONS = 48;

/** JSON-safe checkpoint of a collector: every distinct relation, bigints as decimal strings. */
export interface SiqsSnapshot {
  version: 1;
  n: string;
  multiplier: number;
  /** Relations name primes by factor-base index: the checkpoint only fits the same factor base. */
  factorBaseSize: number;
  largestPrime: number;
  relations: { y: string; negative: boolean; factors: number[]; large: [number, number] }[];
}

/**
 * Merges relation batches from any number of workers. Full relations count
 * directly; partial ones (one or two large primes) are edges of a graph on the
 * large primes (1 standing for "none"), where every independent cycle
 * multiplies out to a relation with only squares outside the factor base.
 */
export class RelationCollector {
  private readonly fullRelations: Relation[] = [];
  private readonly partialRelations: Relation[] = [];
  /** |y| of every relation kept: the same y from two workers is the same relation. */
  private readonly seen = new Set<bigint>();
  /** Union–find over large primes, to count independent cycles as partials arrive. */
  private readonly parent = new Map<number, number>();
  private cycleCount = 0;

  constructor(private readonly params: SiqsParameters) {}

  add(batch: RelationBatch): void {
    for (const relation of batch.relations) {
      const key = relation.y < 0n ? -relation.y : relation.y;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      if (relation.large1 === 1 && relation.large2 === 1) {
        this.fullRelations.push(relation);
        continue;
      }
      this.partialRelations.push(relation);
      const a = this.find(relation.large1);
      const b = this.find(relation.large2);
      if (a === b) this.cycleCount += 1;
      else this.parent.set(a, b);
    }
  }

  /** Usable relations so far (full + combined partial cycles). */
  get usable(): number {
    return this.fullRelations.length + this.cycleCount;
  }

  /** How many usable relations the linear algebra needs (factor base size + a small surplus). */
  get needed(): number {
    return this.params.primes.length + 1 + SURPLUS_RELATIONS;
  }

  get fullCount(): number {
    return this.fullRelations.length;
  }

  get partialCount(): number {
    return this.partialRelations.length;
  }

  get fulls(): readonly Relation[] {
    return this.fullRelations;
  }

  get partials(): readonly Relation[] {
    return this.partialRelations;
  }

  snapshot(): SiqsSnapshot {
    const relations = [...this.fullRelations, ...this.partialRelations].map((r) => ({
      y: r.y.toString(),
      negative: r.negative,
      factors: Array.from(r.factors),
      large: [r.large1, r.large2] as [number, number],
    }));
    const { n, multiplier, primes } = this.params;
    return {
      version: 1,
      n: n.toString(),
      multiplier,
      factorBaseSize: primes.length,
      largestPrime: primes[primes.length - 1]!,
      relations,
    };
  }

  static restore(params: SiqsParameters, snapshot: SiqsSnapshot): RelationCollector {
    if (snapshot.version !== 1) throw new Error(`Unknown SIQS checkpoint version ${String(snapshot.version)}.`);
    if (snapshot.n !== params.n.toString()) throw new Error("This SIQS checkpoint belongs to another number.");
    const { primes } = params;
    if (
      snapshot.multiplier !== params.multiplier ||
      snapshot.factorBaseSize !== primes.length ||
      snapshot.largestPrime !== primes[primes.length - 1]
    ) {
      throw new Error("This SIQS checkpoint was made with other parameters.");
    }
    const collector = new RelationCollector(params);
    collector.add({
      polynomials: 0,
      relations: snapshot.relations.map((r) => ({
        y: BigInt(r.y),
        negative: r.negative,
        factors: Int32Array.from(r.factors),
        large1: r.large[0],
        large2: r.large[1],
      })),
    });
    return collector;
  }

  private find(x: number): number {
    let root = x;
    for (let up = this.parent.get(root); up !== undefined; up = this.parent.get(root)) root = up;
    // Path compression keeps later finds short.
    let node = x;
    while (node !== root) {
      const up = this.parent.get(node)!;
      this.parent.set(node, root);
      node = up;
    }
    return root;
  }
}
