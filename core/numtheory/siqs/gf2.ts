import { type StopSignal, throwIfStopped } from "../factorization-types";

/** Rows kept beyond the number of live columns: each extra row guarantees one more dependency. */
const EXCESS_ROWS = 64;

/** Columns this light are merged away in sparse form before the dense elimination. */
const MAX_MERGE_WEIGHT = 12;
/** A merge that would make a row heavier than this is skipped (fill-in would cost more than it saves). */
const MAX_MERGED_ROW_WEIGHT = 200;

/**
 * Sets of rows of a sparse GF(2) matrix that sum to zero. `rows[i]` lists the
 * columns (< columnCount, distinct) where row i has a 1. Structured Gaussian
 * elimination: rows that cannot be in any dependency (a column they alone
 * touch) are dropped, light columns are eliminated in sparse form, and the
 * small dense remainder is eliminated on bit-packed Uint32Array rows.
 * Returns at most `maxDependencies` distinct sets of row indices.
 */
export function findDependencies(
  rows: readonly Int32Array[],
  columnCount: number,
  maxDependencies = 64,
  signal?: StopSignal,
): number[][] {
  const live = filterRows(rows, columnCount);
  if (live.length === 0) return [];
  const merged = mergeLightColumns(
    live.map((r) => rows[r]!),
    columnCount,
  );
  throwIfStopped(signal);
  return denseDependencies(merged.rows, columnCount, maxDependencies, signal).map((dependency) => {
    // Members of merged rows may overlap: a row used twice cancels.
    const parity = new Map<number, number>();
    for (const m of dependency) for (const k of merged.members[m]!) parity.set(k, (parity.get(k) ?? 0) ^ 1);
    const members: number[] = [];
    for (const [k, odd] of parity) if (odd) members.push(live[k]!);
    return members;
  });
}

/** Symmetric difference of two increasing lists. */
function symmetricDifference(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x < y) {
      out[k++] = x;
      i += 1;
    } else if (y < x) {
      out[k++] = y;
      j += 1;
    } else {
      i += 1;
      j += 1;
    }
  }
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out.slice(0, k);
}

/**
 * Eliminates columns of weight ≤ MAX_MERGE_WEIGHT in sparse form: the lightest
 * row holding the column is added to the others and dropped, so rows and
 * columns shrink together. Each surviving row records which input rows it sums.
 */
function mergeLightColumns(
  input: readonly Int32Array[],
  columnCount: number,
): { rows: Int32Array[]; members: Int32Array[] } {
  const rows: Int32Array[] = input.slice();
  const members: Int32Array[] = input.map((_, i) => Int32Array.of(i));
  const alive = new Uint8Array(rows.length).fill(1);
  const columnRows: Set<number>[] = Array.from({ length: columnCount }, () => new Set<number>());
  rows.forEach((row, r) => {
    for (const c of row) columnRows[c]!.add(r);
  });
  const removeRow = (r: number) => {
    alive[r] = 0;
    for (const c of rows[r]!) columnRows[c]!.delete(r);
  };
  for (let maxWeight = 1; maxWeight <= MAX_MERGE_WEIGHT; maxWeight += 1) {
    let changed = true;
    while (changed) {
      changed = false;
      for (let c = 0; c < columnCount; c += 1) {
        const holders = columnRows[c]!;
        if (holders.size === 0 || holders.size > maxWeight) continue;
        const list = [...holders];
        if (list.length === 1) {
          removeRow(list[0]!);
          changed = true;
          continue;
        }
        let pivot = list[0]!;
        let heaviest = 0;
        for (const r of list) {
          if (rows[r]!.length < rows[pivot]!.length) pivot = r;
          heaviest = Math.max(heaviest, rows[r]!.length);
        }
        const pivotRow = rows[pivot]!;
        if (heaviest + pivotRow.length - 2 > MAX_MERGED_ROW_WEIGHT) continue;
        for (const r of list) {
          if (r === pivot) continue;
          for (const k of pivotRow) {
            const set = columnRows[k]!;
            if (set.has(r)) set.delete(r);
            else set.add(r);
          }
          rows[r] = symmetricDifference(rows[r]!, pivotRow);
          members[r] = symmetricDifference(members[r]!, members[pivot]!);
        }
        removeRow(pivot);
        changed = true;
      }
    }
  }
  const kept: number[] = [];
  for (let r = 0; r < rows.length; r += 1) if (alive[r]) kept.push(r);
  return { rows: kept.map((r) => rows[r]!), members: kept.map((r) => members[r]!) };
}

/** Dependencies among (already filtered) rows by bit-packed elimination, lightest columns first. */
function denseDependencies(
  rows: readonly Int32Array[],
  columnCount: number,
  maxDependencies: number,
  signal?: StopSignal,
): number[][] {
  if (rows.length === 0) return [];
  const live = rows.map((_, i) => i);
  // Renumber live columns by increasing weight.
  const weight = new Int32Array(columnCount);
  for (const r of live) for (const c of rows[r]!) weight[c]! += 1;
  const columns: number[] = [];
  for (let c = 0; c < columnCount; c += 1) if (weight[c]! > 0) columns.push(c);
  columns.sort((a, b) => weight[a]! - weight[b]! || a - b);
  const renumber = new Int32Array(columnCount);
  columns.forEach((c, i) => (renumber[c] = i));

  const rowCount = live.length;
  const matrixWords = (columns.length + 31) >>> 5;
  const identityWords = (rowCount + 31) >>> 5;
  const stride = matrixWords + identityWords;
  const bits = new Uint32Array(rowCount * stride);
  // Identity part of each row touches only words [low, high]: XOR only those.
  const low = new Int32Array(rowCount);
  const high = new Int32Array(rowCount);
  for (let r = 0; r < rowCount; r += 1) {
    const base = r * stride;
    for (const c of rows[live[r]!]!) {
      const k = renumber[c]!;
      bits[base + (k >>> 5)]! ^= 1 << (k & 31);
    }
    bits[base + matrixWords + (r >>> 5)]! |= 1 << (r & 31);
    low[r] = high[r] = matrixWords + (r >>> 5);
  }

  const order = Int32Array.from({ length: rowCount }, (_, i) => i);
  let pivots = 0;
  for (let k = 0; k < columns.length; k += 1) {
    if ((k & 63) === 0) throwIfStopped(signal);
    const word = k >>> 5;
    const mask = 1 << (k & 31);
    let t = pivots;
    while (t < rowCount && (bits[order[t]! * stride + word]! & mask) === 0) t += 1;
    if (t === rowCount) continue;
    const pivot = order[t]!;
    order[t] = order[pivots]!;
    order[pivots] = pivot;
    pivots += 1;
    const pivotBase = pivot * stride;
    const pivotLow = low[pivot]!;
    const pivotHigh = high[pivot]!;
    for (let u = pivots; u < rowCount; u += 1) {
      const row = order[u]!;
      const base = row * stride;
      if ((bits[base + word]! & mask) === 0) continue;
      for (let w = word; w < matrixWords; w += 1) bits[base + w]! ^= bits[pivotBase + w]!;
      for (let w = pivotLow; w <= pivotHigh; w += 1) bits[base + w]! ^= bits[pivotBase + w]!;
      if (pivotLow < low[row]!) low[row] = pivotLow;
      if (pivotHigh > high[row]!) high[row] = pivotHigh;
    }
  }

  const dependencies: number[][] = [];
  for (let u = pivots; u < rowCount && dependencies.length < maxDependencies; u += 1) {
    const base = order[u]! * stride;
    const members: number[] = [];
    for (let w = low[order[u]!]!; w <= high[order[u]!]!; w += 1) {
      let word = bits[base + w]!;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        members.push(live[((w - matrixWords) << 5) + bit]!);
        word &= word - 1;
      }
    }
    if (members.length > 0) dependencies.push(members);
  }
  return dependencies;
}

/**
 * Indices of rows that may take part in a dependency: repeatedly drops rows
 * holding a column of weight one, then trims rows beyond the live columns plus
 * EXCESS_ROWS (the heaviest go first, as they cost most to eliminate).
 */
function filterRows(rows: readonly Int32Array[], columnCount: number): number[] {
  const alive = new Uint8Array(rows.length).fill(1);
  const weight = new Int32Array(columnCount);
  for (const row of rows) for (const c of row) weight[c]! += 1;
  let aliveCount = rows.length;
  for (;;) {
    let changed = true;
    while (changed) {
      changed = false;
      for (let r = 0; r < rows.length; r += 1) {
        if (!alive[r]) continue;
        const row = rows[r]!;
        let singleton = false;
        for (const c of row) if (weight[c] === 1) singleton = true;
        if (!singleton) continue;
        alive[r] = 0;
        aliveCount -= 1;
        for (const c of row) weight[c]! -= 1;
        changed = true;
      }
    }
    let liveColumns = 0;
    for (let c = 0; c < columnCount; c += 1) if (weight[c]! > 0) liveColumns += 1;
    const excess = aliveCount - liveColumns - EXCESS_ROWS;
    if (excess <= 0) break;
    const heaviest = [];
    for (let r = 0; r < rows.length; r += 1) if (alive[r]) heaviest.push(r);
    heaviest.sort((a, b) => rows[b]!.length - rows[a]!.length || a - b);
    for (const r of heaviest.slice(0, excess)) {
      alive[r] = 0;
      aliveCount -= 1;
      for (const c of rows[r]!) weight[c]! -= 1;
    }
  }
  const live: number[] = [];
  for (let r = 0; r < rows.length; r += 1) if (alive[r]) live.push(r);
  return live;
}
