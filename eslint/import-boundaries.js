/**
 * Local ESLint plugin: the import boundaries between Numberlab's folders.
 *
 * `no-restricted-imports` matches specifiers as written, so a pattern such as "../database/*" misses
 * "../../database/schema" and "#database/schema". This rule resolves every specifier first (relative
 * paths against the importing file's folder, `#…` aliases through package.json `imports`, bare names to
 * their package, Node built-ins to `node:…`) and checks what it points at:
 * - `maxParentClimb`: how many `../` a relative specifier may start with (further needs an alias);
 * - `zones`: for files matching `from` (and not `except`), which repo paths and packages they may import
 *   (`allow`, anything else is reported) or may not (`deny`); globs starting with "!" take exceptions out.
 *   An import is reported once, by the first zone that refuses it.
 * Every kind of import counts: `import type`, `export … from`, `import("…")` and `typeof import("…")`.
 */
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";

/**
 * @typedef {{ paths?: string[], packages?: string[] }} TargetPatterns
 *   Repo paths are globs relative to the repository root without extension ("core/**"); packages are
 *   globs on the package name ("react", "@mui/*", "node:*").
 * @typedef {{ from: string[], except?: string[], allow?: TargetPatterns, deny?: TargetPatterns,
 *   message: string }} Zone
 * @typedef {{ maxParentClimb?: number, zones?: Zone[] }} Options
 * @typedef {{ kind: "path", path: string } | { kind: "package", name: string }} Target
 */

const repoRoot = path.resolve(import.meta.dirname, "..");

/** package.json `imports`: "#app/*" → "app/", the prefix a specifier's tail is appended to. */
const aliases = Object.entries(
  /** @type {{ imports?: Record<string, string> }} */ (
    JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"))
  ).imports ?? {},
).map(([alias, target]) => ({
  prefix: alias.replace(/\*$/, ""),
  target: path.posix.normalize(target.replace(/\*$/, "")),
}));

const builtins = new Set(builtinModules);

/** @type {Map<string, RegExp>} */
const globCache = new Map();

/**
 * A glob as a regular expression: `**` spans folders ("a/**" is what lies inside a, not a itself, and
 * a `**` segment before a slash may stand for no folder at all); `*` stays within one path segment.
 * @param {string} glob
 */
function globToRegExp(glob) {
  let regExp = globCache.get(glob);
  if (regExp) return regExp;
  let source = "";
  for (let i = 0; i < glob.length; i += 1) {
    if (glob.startsWith("**/", i)) {
      source += "(?:.*/)?";
      i += 2;
    } else if (glob.startsWith("**", i)) {
      source += ".*";
      i += 1;
    } else if (glob[i] === "*") source += "[^/]*";
    else source += (glob[i] ?? "").replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  }
  regExp = new RegExp(`^${source}$`);
  globCache.set(glob, regExp);
  return regExp;
}

/**
 * Whether a value matches one of the globs and none of the negated ones ("!…"), as in .gitignore.
 * @param {string} value
 * @param {string[] | undefined} globs
 */
function matchesAny(value, globs = []) {
  const negated = globs.filter((glob) => glob.startsWith("!"));
  return (
    globs.some((glob) => !glob.startsWith("!") && globToRegExp(glob).test(value)) &&
    !negated.some((glob) => globToRegExp(glob.slice(1)).test(value))
  );
}

/** A repo path without the extension a TypeScript specifier leaves off (or spells out). */
const withoutExtension = (/** @type {string} */ file) => file.replace(/\.(?:[cm]?[jt]sx?)$/, "");

/**
 * Where a specifier points: a repo path (relative to the root, no extension) or a package.
 * @param {string} specifier
 * @param {string} importerDir absolute folder of the importing file
 * @returns {Target}
 */
export function resolveSpecifier(specifier, importerDir) {
  if (specifier.startsWith("./") || specifier.startsWith("../") || specifier === "." || specifier === "..") {
    const absolute = path.resolve(importerDir, specifier);
    return { kind: "path", path: withoutExtension(path.relative(repoRoot, absolute).split(path.sep).join("/")) };
  }
  if (specifier.startsWith("#")) {
    const alias = aliases.find(({ prefix }) => specifier.startsWith(prefix));
    if (alias) {
      return {
        kind: "path",
        path: withoutExtension(path.posix.join(alias.target, specifier.slice(alias.prefix.length))),
      };
    }
    return { kind: "package", name: specifier };
  }
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
  if (name.startsWith("node:")) return { kind: "package", name };
  return { kind: "package", name: builtins.has(name) ? `node:${name}` : name };
}

/**
 * @param {Target} target
 * @param {TargetPatterns | undefined} patterns
 */
function matchesTarget(target, patterns) {
  if (!patterns) return false;
  return target.kind === "path" ? matchesAny(target.path, patterns.paths) : matchesAny(target.name, patterns.packages);
}

/** How many "../" a relative specifier starts with. */
const parentClimb = (/** @type {string} */ specifier) => /^(?:\.\.\/)*/.exec(specifier)?.[0].length ?? 0;

const targetPatternsSchema = {
  type: "object",
  properties: {
    paths: { type: "array", items: { type: "string" } },
    packages: { type: "array", items: { type: "string" } },
  },
  additionalProperties: false,
};

/** @type {import("eslint").Rule.RuleModule} */
const importsRule = {
  meta: {
    type: "problem",
    docs: { description: "Keep imports inside the folder boundaries and relative imports shallow." },
    schema: [
      {
        type: "object",
        properties: {
          maxParentClimb: { type: "integer", minimum: 0 },
          zones: {
            type: "array",
            items: {
              type: "object",
              properties: {
                from: { type: "array", items: { type: "string" } },
                except: { type: "array", items: { type: "string" } },
                allow: targetPatternsSchema,
                deny: targetPatternsSchema,
                message: { type: "string" },
              },
              required: ["from", "message"],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      climb:
        '"{{specifier}}" climbs {{levels}} folders; relative imports go to ./ or ../ only, use an alias (#app/…, #core/…).',
      zone: '"{{specifier}}" ({{target}}) is outside what {{file}} may import: {{message}}',
    },
  },
  create(context) {
    /** @type {Options} */
    const options = context.options[0] ?? {};
    const file = path.relative(repoRoot, context.filename).split(path.sep).join("/");
    const zones = (options.zones ?? []).filter((zone) => matchesAny(file, zone.from) && !matchesAny(file, zone.except));
    const maxParentClimb = options.maxParentClimb ?? Infinity;
    const importerDir = path.dirname(context.filename);

    /** @param {import("estree").Node | null | undefined} source */
    function check(source) {
      if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
      const specifier = source.value;
      const levels = parentClimb(specifier) / 3;
      if (levels > maxParentClimb) {
        context.report({ node: source, messageId: "climb", data: { specifier, levels: String(levels) } });
      }
      const target = resolveSpecifier(specifier, importerDir);
      for (const zone of zones) {
        const refused = zone.allow ? !matchesTarget(target, zone.allow) : false;
        if (refused || matchesTarget(target, zone.deny)) {
          context.report({
            node: source,
            messageId: "zone",
            data: {
              specifier,
              target: target.kind === "path" ? target.path : `package ${target.name}`,
              file,
              message: zone.message,
            },
          });
          // One report per import: the first zone that refuses it (the most specific comes first).
          break;
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // TypeScript-only nodes, which ESLint's own types do not list.
      /** @param {any} node */
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
      /** @param {any} node */
      TSExternalModuleReference: (node) => check(node.expression),
    };
  },
};

export default {
  meta: { name: "import-boundaries" },
  rules: { imports: importsRule },
};
