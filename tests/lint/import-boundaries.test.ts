import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The import boundaries of eslint.config.js (docs/decisions/0013), proved on deliberate violations:
 * each fixture in tests/fixtures/boundaries is linted as if it sat at the paths of its "lint-as:"
 * lines, and the boundary rule must report exactly the lines marked "expect: <messages>".
 */
const root = path.resolve(import.meta.dirname, "../..");
const fixtureFolder = path.join(root, "tests/fixtures/boundaries");
const RULE = "boundaries/imports";

const eslint = new ESLint({ cwd: root });

interface Fixture {
  name: string;
  text: string;
  lintAs: string[];
  /** "line: messages" for every line that must fail, e.g. "8: climb zone". */
  expected: string[];
}

const fixtures: Fixture[] = readdirSync(fixtureFolder)
  .sort()
  .map((name) => {
    const text = readFileSync(path.join(fixtureFolder, name), "utf8");
    const lines = text.split("\n");
    return {
      name,
      text,
      lintAs: lines.flatMap((line) => /^\/\/ lint-as: (\S+)$/.exec(line)?.[1] ?? []),
      expected: lines.flatMap((line, index) => {
        const marked = /\/\/ expect: ([a-z ]+)$/.exec(line)?.[1];
        return marked ? [`${index + 1}: ${marked}`] : [];
      }),
    };
  });

/** The boundary rule's reports on a fixture linted at `virtualPath`, as "line: messages". */
async function boundaryReports(text: string, virtualPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, virtualPath) });
  if (!result) throw new Error(`no lint result for ${virtualPath}`);
  expect(result.messages.filter((message) => message.fatal)).toEqual([]);
  const byLine = new Map<number, string[]>();
  for (const message of result.messages.filter((entry) => entry.ruleId === RULE)) {
    byLine.set(message.line, [...(byLine.get(message.line) ?? []), message.messageId ?? "?"]);
  }
  return [...byLine].map(([line, ids]) => `${line}: ${ids.sort().join(" ")}`);
}

describe("import boundaries", () => {
  it("has fixtures, each linted somewhere, with violations and clean ones", () => {
    expect(fixtures.length).toBeGreaterThan(5);
    for (const fixture of fixtures) expect(fixture.lintAs, fixture.name).not.toEqual([]);
    expect(fixtures.filter((fixture) => fixture.expected.length === 0).length).toBeGreaterThan(0);
  });

  for (const fixture of fixtures) {
    for (const virtualPath of fixture.lintAs) {
      it(`${fixture.name} as ${virtualPath}: ${fixture.expected.length || "no"} violations`, async () => {
        expect(await boundaryReports(fixture.text, virtualPath)).toEqual(fixture.expected);
      });
    }
  }

  it("keeps the fixtures out of the normal lint run", async () => {
    expect(await eslint.isPathIgnored(path.join(fixtureFolder, fixtures[0]!.name))).toBe(true);
  });
});

describe("import aliases", () => {
  it("are the same in package.json imports (Node, tsx, Vite) and tsconfig.json paths (TypeScript)", () => {
    const { imports } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      imports: Record<string, string>;
    };
    const { compilerOptions } = JSON.parse(readFileSync(path.join(root, "tsconfig.json"), "utf8")) as {
      compilerOptions: { paths: Record<string, string[]> };
    };
    expect(Object.keys(imports).length).toBeGreaterThan(0);
    expect(compilerOptions.paths).toEqual(
      Object.fromEntries(Object.entries(imports).map(([alias, target]) => [alias, [target]])),
    );
  });
});
