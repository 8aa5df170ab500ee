/** One line of a diff; `oldLine` and `newLine` are 1-based, given for the sides the line is on. */
export type DiffLine = { kind: "same" | "added" | "removed"; text: string; oldLine?: number; newLine?: number };

/**
 * Myers' search costs about (lines × differences); past this many differing lines the texts have little in common
 * and the diff falls back to "everything between the common start and end was replaced".
 */
const MAX_DIFFERENCES = 1000;
/** A bound on the comparisons of the search, whatever the shape of the input. */
const MAX_STEPS = 20_000_000;

type Edit = "same" | "added" | "removed";

/**
 * A shortest line diff (as few added and removed lines as possible) of two texts, with each run of changes
 * listed as its removed lines, then its added lines. Inputs of tens of thousands of lines stay fast: the common
 * start and end are set aside first, and a search that exceeds its budget gives the coarse diff instead.
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const oldLines = splitLines(before);
  const newLines = splitLines(after);
  let start = 0;
  while (start < oldLines.length && start < newLines.length && oldLines[start] === newLines[start]) start++;
  let end = 0;
  while (
    end < oldLines.length - start &&
    end < newLines.length - start &&
    oldLines[oldLines.length - 1 - end] === newLines[newLines.length - 1 - end]
  ) {
    end++;
  }
  const oldMiddle = oldLines.slice(start, oldLines.length - end);
  const newMiddle = newLines.slice(start, newLines.length - end);
  const middle = shortestEdits(oldMiddle, newMiddle) ?? [
    ...oldMiddle.map((): Edit => "removed"),
    ...newMiddle.map((): Edit => "added"),
  ];
  const edits: Edit[] = [...Array<Edit>(start).fill("same"), ...middle, ...Array<Edit>(end).fill("same")];
  return toDiffLines(groupChanges(edits), oldLines, newLines);
}

function splitLines(text: string): string[] {
  return text === "" ? [] : text.split("\n");
}

/**
 * Myers' O(ND) greedy search for the fewest insertions and deletions, or null when over budget. `furthest[k]` is
 * the furthest position in `a` reached on diagonal k = x − y; each round's copy is kept to walk the path back.
 */
function shortestEdits(a: string[], b: string[]): Edit[] | null {
  const ids = new Map<string, number>();
  const idOf = (line: string) => {
    let id = ids.get(line);
    if (id === undefined) {
      id = ids.size;
      ids.set(line, id);
    }
    return id;
  };
  const x0 = Int32Array.from(a, idOf);
  const y0 = Int32Array.from(b, idOf);
  const n = x0.length;
  const m = y0.length;
  const limit = Math.min(n + m, MAX_DIFFERENCES);
  const offset = limit + 1;
  const furthest = new Int32Array(2 * limit + 3);
  const rounds: Int32Array[] = [];
  let steps = 0;
  for (let d = 0; d <= limit; d++) {
    rounds.push(furthest.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && furthest[offset + k - 1]! < furthest[offset + k + 1]!);
      let x = down ? furthest[offset + k + 1]! : furthest[offset + k - 1]! + 1;
      let y = x - k;
      const snakeStart = x;
      while (x < n && y < m && x0[x] === y0[y]) {
        x++;
        y++;
      }
      steps += 1 + x - snakeStart;
      furthest[offset + k] = x;
      if (x >= n && y >= m) return walkBack(rounds, d, n, m);
    }
    if (steps > MAX_STEPS) return null;
  }
  return null;
}

function walkBack(rounds: Int32Array[], distance: number, n: number, m: number): Edit[] {
  const edits: Edit[] = [];
  let x = n;
  let y = m;
  for (let d = distance; d > 0; d--) {
    // The furthest positions after round d − 1, for diagonals −d…d.
    const previous = rounds[d]!;
    const at = (k: number) => previous[k + d]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const previousK = down ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX + (down ? 0 : 1) && y > previousY + (down ? 1 : 0)) {
      edits.push("same");
      x--;
      y--;
    }
    edits.push(down ? "added" : "removed");
    x = previousX;
    y = previousY;
  }
  while (x > 0 && y > 0) {
    edits.push("same");
    x--;
    y--;
  }
  return edits.reverse();
}

/** Within each run of changes, the removed lines first, then the added ones: the same edits, easier to read. */
function groupChanges(edits: Edit[]): Edit[] {
  const grouped: Edit[] = [];
  let removed = 0;
  let added = 0;
  const flush = () => {
    grouped.push(...Array<Edit>(removed).fill("removed"), ...Array<Edit>(added).fill("added"));
    removed = 0;
    added = 0;
  };
  for (const edit of edits) {
    if (edit === "removed") removed++;
    else if (edit === "added") added++;
    else {
      flush();
      grouped.push("same");
    }
  }
  flush();
  return grouped;
}

function toDiffLines(edits: Edit[], oldLines: string[], newLines: string[]): DiffLine[] {
  let oldIndex = 0;
  let newIndex = 0;
  return edits.map((kind) => {
    if (kind === "removed") return { kind, text: oldLines[oldIndex]!, oldLine: ++oldIndex };
    if (kind === "added") return { kind, text: newLines[newIndex]!, newLine: ++newIndex };
    newIndex++;
    return { kind, text: oldLines[oldIndex]!, oldLine: ++oldIndex, newLine: newIndex };
  });
}
