/**
 * Number claims in written maths (a lesson draft, an exercise's answer): the statements whose truth
 * plain arithmetic decides. `extractNumberClaims` reads them from Markdown with TeX formulas, line by
 * line; `checkNumberClaim` (number-claim-check.ts) decides each. Read:
 *   equalities       360 = 2^3 \cdot 3^2 \cdot 5,  2^{10} - 1 = 1023,  6! = 720   (one side a bare integer)
 *   congruences      2^{10} \equiv 1 \pmod{11},  a ≡ b ≡ c (mod m),  \not\equiv,  a \equiv b \mod m
 *   remainders       2^{10} \bmod 7 = 2,  2 = 2^{10} mod 7,  "the remainder of 2^{10} divided by 7 is 2",
 *                    "2^{10} leaves a remainder of 2 when divided by 7"
 *   orders           \operatorname{ord}_7(3) = 6, "the order of 3 modulo 7 is 6", "3 has order 6 modulo 7"
 *   periods          "the period of 1/7 is 6", "1/7 has period 6", "\frac{1}{13} has a period of length 6"
 *   primality        "91 is prime", "97 is not a prime", "91 is composite"
 * Only whole numbers are read: a side with a letter, a decimal point or a division is no claim, so a
 * formula with variables is passed over rather than misread. Code spans and code blocks are skipped.
 */

/** A whole-number expression: integers with + − · ^ ! and parentheses. */
export type Expression =
  | { type: "number"; value: bigint }
  | { type: "negate"; argument: Expression }
  | { type: "factorial"; argument: Expression }
  | { type: "binary"; operator: "+" | "-" | "*" | "^"; left: Expression; right: Expression };

type ClaimBody =
  /** left = right, where one side is a bare integer. */
  | { kind: "equality"; left: Expression; right: Expression }
  /** left ≡ right (mod modulus); `holds` is false for ≢. */
  | { kind: "congruence"; left: Expression; right: Expression; modulus: Expression; holds: boolean }
  /** value mod modulus = remainder, the least non-negative one. */
  | { kind: "remainder"; value: Expression; modulus: Expression; remainder: Expression }
  | { kind: "order"; base: bigint; modulus: bigint; order: bigint }
  | { kind: "period"; numerator: bigint; denominator: bigint; period: bigint }
  | { kind: "primality"; n: bigint; prime: boolean };

export type NumberClaim = ClaimBody & {
  /** 1-based line of the text it was read from. */
  line: number;
  /** The claim in plain notation, e.g. "2^10 ≡ 1 (mod 11)". */
  text: string;
};

export type ClaimKind = NumberClaim["kind"];

/** At most this many claims are read from one text (a guard; real drafts hold a few dozen). */
export const MAX_CLAIMS = 300;
/** Longer lines are skipped: they are data, not prose. */
const MAX_LINE_LENGTH = 5_000;
/** Digits of an integer literal that is still read. */
const MAX_LITERAL_DIGITS = 400;

export function extractNumberClaims(markdown: string): NumberClaim[] {
  const claims: NumberClaim[] = [];
  let fence: string | null = null;
  const lines = markdown.split(/\r?\n/);
  for (let index = 0; index < lines.length && claims.length < MAX_CLAIMS; index++) {
    const raw = lines[index]!;
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(raw);
    if (fence !== null) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length) fence = null;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      continue;
    }
    if (raw.length > MAX_LINE_LENGTH || /^( {4}|\t)/.test(raw)) continue;
    for (const body of claimsOfLine(plainMaths(raw))) {
      claims.push({ ...body, line: index + 1, text: claimText(body) });
      if (claims.length >= MAX_CLAIMS) break;
    }
  }
  return claims;
}

const SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹";

/**
 * A line of Markdown with TeX as plain notation: no delimiters or code, `·` as `*`, `\equiv` as `≡`,
 * `\pmod{m}` as `(mod m)`, `\frac{a}{b}` as `(a)/(b)`, braces as parentheses, other commands as words.
 */
export function plainMaths(line: string): string {
  let text = line.replace(/`+[^`]*`+/g, " ¶ ");
  const replacements: [RegExp, string | ((...groups: string[]) => string)][] = [
    [/\\\$/g, " ¶ "],
    [/\$+|\\[()[\]]/g, " "],
    [/\\[{}]/g, " "],
    [/\\(?:left|right|bigg?|Bigg?)(?![a-zA-Z])\s*[.|]?/g, ""],
    [/\\(?:operatorname|mathrm|text|textrm|textup|mathit|mbox|mathbf|textbf|boldsymbol)\s*\{([^{}]*)\}/g, " $1 "],
    [/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, " ($1)/($2) "],
    [/\\pmod\s*\{([^{}]*)\}/g, " (mod $1) "],
    [/\\pmod\s*(\d+)/g, " (mod $1) "],
    [/\\(?:bmod|mod)(?![a-zA-Z])/g, " mod "],
    [/\\not\s*\\equiv(?![a-zA-Z])|≢/g, " ≢ "],
    [/\\equiv(?![a-zA-Z])/g, " ≡ "],
    [/\\(?:cdot|times|ast)(?![a-zA-Z])|[·×∙⋅]/g, " * "],
    [/\\(?:ne|neq)(?![a-zA-Z])|≠/g, " ≠ "],
    [/\\(?:[,;:! ]|quad|qquad)/g, " "],
    [/\\\\/g, " ¶ "],
    [/\\[a-zA-Z]+/g, " ¶ "],
    [/[−–]/g, "-"],
    [/[~&]/g, " "],
    [/[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, (digits) => `^(${[...digits].map((digit) => SUPERSCRIPTS.indexOf(digit)).join("")})`],
    [/\{/g, "("],
    [/\}/g, ")"],
  ];
  for (const [pattern, replacement] of replacements) {
    text = text.replace(pattern, replacement as (substring: string, ...args: string[]) => string);
  }
  return text.replace(/\s+/g, " ");
}

/** A whole number as written in a sentence: digits, perhaps in a bracket. */
const INT = String.raw`\(?\s*(\d{1,${MAX_LITERAL_DIGITS}})\s*\)?`;
const MODULO = String.raw`(?:modulo|mod)`;
const IS = String.raw`(?:is(?:\s+equal\s+to)?|equals|=)`;
const ORDER = String.raw`(?:multiplicative\s+)?order`;
const FRACTION = String.raw`\(?\s*(\d{1,${MAX_LITERAL_DIGITS}})\s*\)?\s*/\s*\(?\s*(\d{1,${MAX_LITERAL_DIGITS}})\s*\)?`;
const PERIOD_OF = String.raw`(?:(?:the\s+)?length\s+of\s+the\s+)?(?:decimal\s+)?period(?:\s+length)?\s+of\s+(?:the\s+decimal\s+expansion\s+of\s+)?`;
const HAS_PERIOD = String.raw`(?:has|have)\s+(?:a\s+|the\s+)?(?:decimal\s+)?period(?:\s+length)?\s+(?:of\s+)?(?:length\s+)?`;
const DIVIDED_BY = String.raw`(?:when\s+(?:it\s+is\s+)?divided\s+by|divided\s+by|on\s+division\s+by|upon\s+division\s+by|${MODULO})`;
/** A whole-number expression inside a sentence, checked by parsing afterwards. */
const EXPRESSION = String.raw`([\d(][\d\s()^*+!-]{0,200}?)`;

type SentenceRule = { pattern: RegExp; read(groups: (string | undefined)[]): ClaimBody | null };

const big = (digits: string) => BigInt(digits);

/** Sentences that state an order, a period, a remainder or primality. */
const SENTENCE_RULES: SentenceRule[] = [
  {
    pattern: new RegExp(String.raw`\bord\s*_\s*${INT}\s*${INT}\s*${IS}\s*${INT}`, "gi"),
    read: ([modulus, base, order]) => ({ kind: "order", base: big(base!), modulus: big(modulus!), order: big(order!) }),
  },
  {
    pattern: new RegExp(String.raw`\b${ORDER}\s+of\s+${INT}\s+${MODULO}\s+${INT},?\s+${IS}\s+${INT}`, "gi"),
    read: ([base, modulus, order]) => ({ kind: "order", base: big(base!), modulus: big(modulus!), order: big(order!) }),
  },
  {
    pattern: new RegExp(String.raw`\b${MODULO}\s+${INT},\s+(?:the\s+)?${ORDER}\s+of\s+${INT}\s+${IS}\s+${INT}`, "gi"),
    read: ([modulus, base, order]) => ({ kind: "order", base: big(base!), modulus: big(modulus!), order: big(order!) }),
  },
  {
    pattern: new RegExp(String.raw`${INT}\s+has\s+(?:the\s+)?${ORDER}\s+${INT}\s+${MODULO}\s+${INT}`, "gi"),
    read: ([base, order, modulus]) => ({ kind: "order", base: big(base!), modulus: big(modulus!), order: big(order!) }),
  },
  {
    pattern: new RegExp(String.raw`\b${PERIOD_OF}${FRACTION}\s+${IS}\s+${INT}`, "gi"),
    read: ([numerator, denominator, period]) => periodClaim(numerator!, denominator!, period!),
  },
  {
    pattern: new RegExp(String.raw`${FRACTION}\s+${HAS_PERIOD}${INT}`, "gi"),
    read: ([numerator, denominator, period]) => periodClaim(numerator!, denominator!, period!),
  },
  {
    pattern: new RegExp(
      String.raw`\bdecimal\s+expansion\s+of\s+${FRACTION}\s+(?:${HAS_PERIOD}|repeats\s+every\s+)${INT}`,
      "gi",
    ),
    read: ([numerator, denominator, period]) => periodClaim(numerator!, denominator!, period!),
  },
  {
    pattern: new RegExp(
      String.raw`\bremainder\s+(?:of|when)\s+${EXPRESSION}\s+(?:is\s+)?${DIVIDED_BY}\s+${EXPRESSION}\s+${IS}\s+${INT}`,
      "gi",
    ),
    read: ([value, modulus, remainder]) => remainderClaim(value!, modulus!, remainder!),
  },
  {
    pattern: new RegExp(
      String.raw`${EXPRESSION}\s+leaves\s+(?:a\s+|the\s+)?remainder\s+(?:of\s+)?${INT}\s+${DIVIDED_BY}\s+${EXPRESSION}(?![\d^(])`,
      "gi",
    ),
    read: ([value, remainder, modulus]) => remainderClaim(value!, modulus!, remainder!),
  },
  {
    pattern: new RegExp(
      String.raw`(?<![\d^/*+-]\s?)(?<!\d[.,])\b(\d{1,${MAX_LITERAL_DIGITS}})\s+is\s+(not\s+)?(?:a\s+)?(prime|composite)\b(?!\s*(?:factors?|divisors?|powers?|numbers?\s+of|to\b|with\b))`,
      "gi",
    ),
    read: ([n, not, word]) => {
      const prime = (word!.toLowerCase() === "prime") !== (not !== undefined);
      return big(n!) < 2n ? null : { kind: "primality", n: big(n!), prime };
    },
  },
];

function periodClaim(numerator: string, denominator: string, period: string): ClaimBody | null {
  if (big(denominator) === 0n) return null;
  return { kind: "period", numerator: big(numerator), denominator: big(denominator), period: big(period) };
}

function remainderClaim(value: string, modulus: string, remainder: string): ClaimBody | null {
  const valueExpression = parseWholeExpression(tokenize(value));
  const modulusExpression = parseWholeExpression(tokenize(modulus));
  if (!valueExpression || !modulusExpression) return null;
  return { kind: "remainder", value: valueExpression, modulus: modulusExpression, remainder: numberOf(big(remainder)) };
}

function claimsOfLine(line: string): ClaimBody[] {
  const found: { at: number; claim: ClaimBody }[] = [];
  let rest = line;
  for (const rule of SENTENCE_RULES) {
    rest = rest.replace(rule.pattern, (...match: unknown[]) => {
      // After the whole match come the groups (undefined when an optional one is absent), the offset, the text.
      const read = rule.read(match.slice(1, -2) as (string | undefined)[]);
      if (read) found.push({ at: match.at(-2) as number, claim: read });
      // The sentence is spent: its numbers must not be read again as a formula. Same length, same offsets.
      return "¶".padEnd((match[0] as string).length, " ");
    });
  }
  for (const run of runsOf(tokenize(rest))) {
    for (const claim of claimsOfRun(run)) found.push({ at: run[0]!.at, claim });
  }
  // In reading order (a sort is stable, so a run's claims keep theirs).
  return found.sort((a, b) => a.at - b.at).map(({ claim }) => claim);
}

// ---------------------------------------------------------------------------------------------------------------
// Tokens and runs

/** `at`: where the token starts in the line. */
type Token = { at: number } & (
  | { kind: "number"; value: bigint }
  | { kind: "operator"; symbol: "+" | "-" | "*" | "^" | "!" | "(" | ")" }
  | { kind: "relation"; symbol: "=" | "≡" | "≢" }
  | { kind: "mod" }
  /** Anything else: a word, punctuation, a decimal, a division. It ends a run. */
  | { kind: "break" }
);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /(\d+(?:[.,]\d+)+)|(\d+)|(mod(?:ulo)?)(?![a-zA-Z])|([+\-*^!()])|([=≡≢])|(\s+)|([a-zA-Z_]+|.)/gy;
  for (const match of text.matchAll(pattern)) {
    const [, grouped, digits, mod, operator, relation, space] = match;
    const at = match.index;
    if (space) continue;
    if (grouped) {
      // 1,000,000 is one number; 3.14 and 1,5 are not whole numbers.
      tokens.push(
        /^\d{1,3}(?:,\d{3})+$/.test(grouped)
          ? { at, kind: "number", value: big(grouped.replaceAll(",", "")) }
          : { at, kind: "break" },
      );
    } else if (digits) {
      tokens.push(
        digits.length > MAX_LITERAL_DIGITS ? { at, kind: "break" } : { at, kind: "number", value: big(digits) },
      );
    } else if (mod) tokens.push({ at, kind: "mod" });
    else if (operator) tokens.push({ at, kind: "operator", symbol: operator as "+" });
    else if (relation) tokens.push({ at, kind: "relation", symbol: relation as "=" });
    else tokens.push({ at, kind: "break" });
  }
  return tokens;
}

/** Stretches of tokens between words and punctuation: where formulas are. */
function runsOf(tokens: Token[]): Token[][] {
  const runs: Token[][] = [[]];
  for (const token of tokens) {
    if (token.kind === "break") runs.push([]);
    else runs.at(-1)!.push(token);
  }
  return runs.filter((run) => run.some((token) => token.kind === "relation"));
}

const isOperator = (token: Token | undefined, symbol: string) => token?.kind === "operator" && token.symbol === symbol;

/** Where a bracket opened at `open` closes, or -1. */
function closingBracket(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (isOperator(tokens[i], "(")) depth++;
    else if (isOperator(tokens[i], ")") && --depth === 0) return i;
  }
  return -1;
}

/**
 * The claims of one run. A modulus in brackets, "(mod m)", or bare after a congruence, "≡ b mod m",
 * ends a chain of congruences; elsewhere "a mod m" is the remainder operator, in an equality.
 */
function claimsOfRun(run: Token[]): ClaimBody[] {
  const claims: ClaimBody[] = [];
  let start = 0;
  for (let i = 0; i < run.length; i++) {
    const marker = modulusMarkerAt(run, i, start);
    if (!marker) continue;
    if (marker.modulus) claims.push(...congruenceChain(run.slice(start, i), marker.modulus));
    start = marker.end + 1;
    i = marker.end;
  }
  claims.push(...equalityChain(run.slice(start)));
  return claims;
}

/** A modulus that ends a chain of congruences at `i` (and the index of its last token), or null. */
function modulusMarkerAt(run: Token[], i: number, start: number): { modulus: Expression | null; end: number } | null {
  const token = run[i]!;
  if (isOperator(token, "(") && run[i + 1]?.kind === "mod") {
    const close = closingBracket(run, i);
    return close < 0 ? null : { modulus: parseWholeExpression(run.slice(i + 2, close)), end: close };
  }
  if (token.kind === "mod" && hasCongruence(run.slice(start, i))) {
    // "a ≡ b mod m": the modulus runs to the end of the run; before another relation it is no modulus.
    let stop = i + 1;
    while (stop < run.length && run[stop]!.kind !== "relation") stop++;
    if (stop < run.length) return null;
    return { modulus: parseWholeExpression(run.slice(i + 1, stop)), end: stop - 1 };
  }
  return null;
}

const hasCongruence = (tokens: Token[]) =>
  tokens.some((token) => token.kind === "relation" && (token.symbol === "≡" || token.symbol === "≢"));

/** A chain split at its relations: the pieces and the relation between each two. */
function piecesOf(tokens: Token[]): { pieces: Token[][]; relations: ("=" | "≡" | "≢")[] } {
  const pieces: Token[][] = [[]];
  const relations: ("=" | "≡" | "≢")[] = [];
  for (const token of tokens) {
    if (token.kind === "relation") {
      relations.push(token.symbol);
      pieces.push([]);
    } else pieces.at(-1)!.push(token);
  }
  return { pieces, relations };
}

/** The chain's first piece may start with a bracket opened before it: "(so 2^3 ≡ 1 (mod 7))". */
function firstPiece(tokens: Token[]): Expression | null {
  let from = 0;
  while (isOperator(tokens[from], "(") && closingBracket(tokens, from) < 0) from++;
  return parseWholeExpression(tokens.slice(from));
}

function congruenceChain(tokens: Token[], modulus: Expression): ClaimBody[] {
  const { pieces, relations } = piecesOf(tokens);
  const expressions = pieces.map((piece, index) => (index === 0 ? firstPiece(piece) : parseWholeExpression(piece)));
  return relations.flatMap((relation, index): ClaimBody[] => {
    const left = expressions[index];
    const right = expressions[index + 1];
    if (!left || !right) return [];
    return [{ kind: "congruence", left, right, modulus, holds: relation !== "≢" }];
  });
}

/** "a = b = c" without a modulus: equalities where one side is a bare integer, and remainders "a mod m = r". */
function equalityChain(tokens: Token[]): ClaimBody[] {
  const { pieces, relations } = piecesOf(tokens);
  const sides = pieces.map((piece, index) => sideOf(piece, index === 0));
  return relations.flatMap((relation, index): ClaimBody[] => {
    const left = sides[index];
    const right = sides[index + 1];
    if (relation !== "=" || !left || !right) return [];
    if (left.modulus && right.modulus) return [];
    if (left.modulus)
      return [{ kind: "remainder", value: left.expression, modulus: left.modulus, remainder: right.expression }];
    if (right.modulus) {
      return [{ kind: "remainder", value: right.expression, modulus: right.modulus, remainder: left.expression }];
    }
    if (left.expression.type !== "number" && right.expression.type !== "number") return [];
    if (left.expression.type === "number" && right.expression.type === "number") return [];
    return [{ kind: "equality", left: left.expression, right: right.expression }];
  });
}

/** One side of an equality: an expression, or "expression mod m". */
function sideOf(tokens: Token[], first: boolean): { expression: Expression; modulus: Expression | null } | null {
  const at = tokens.findIndex((token) => token.kind === "mod");
  if (at < 0) {
    const expression = first ? firstPiece(tokens) : parseWholeExpression(tokens);
    return expression && { expression, modulus: null };
  }
  const expression = first ? firstPiece(tokens.slice(0, at)) : parseWholeExpression(tokens.slice(0, at));
  const modulus = parseWholeExpression(tokens.slice(at + 1));
  return expression && modulus ? { expression, modulus } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Expressions

const numberOf = (value: bigint): Expression => ({ type: "number", value });

/**
 * The tokens as one expression, or null when they are not exactly one: sum of products of powers of
 * (signed, factorial) integers and brackets. Juxtaposition, division and anything else is refused.
 */
function parseWholeExpression(tokens: Token[]): Expression | null {
  if (tokens.length === 0 || tokens.length > 400) return null;
  let position = 0;
  const peek = () => tokens[position];
  const fail = (): never => {
    throw new SyntaxError("not a whole-number expression");
  };
  const sum = (depth: number): Expression => {
    let left = product(depth);
    for (let token = peek(); isOperator(token, "+") || isOperator(token, "-"); token = peek()) {
      position++;
      left = { type: "binary", operator: (token as { symbol: "+" | "-" }).symbol, left, right: product(depth) };
    }
    return left;
  };
  const product = (depth: number): Expression => {
    let left = unary(depth);
    while (isOperator(peek(), "*")) {
      position++;
      left = { type: "binary", operator: "*", left, right: unary(depth) };
    }
    return left;
  };
  const unary = (depth: number): Expression => {
    if (depth > 50) fail();
    if (isOperator(peek(), "-")) {
      position++;
      return { type: "negate", argument: unary(depth + 1) };
    }
    return power(depth);
  };
  const power = (depth: number): Expression => {
    const base = postfix(depth);
    if (!isOperator(peek(), "^")) return base;
    position++;
    // Right-associative: 2^3^2 is 2^9.
    return { type: "binary", operator: "^", left: base, right: unary(depth + 1) };
  };
  const postfix = (depth: number): Expression => {
    let value = primary(depth);
    while (isOperator(peek(), "!")) {
      position++;
      value = { type: "factorial", argument: value };
    }
    return value;
  };
  const primary = (depth: number): Expression => {
    const token = peek();
    if (token?.kind === "number") {
      position++;
      return numberOf(token.value);
    }
    if (isOperator(token, "(")) {
      position++;
      const inner = sum(depth + 1);
      if (!isOperator(peek(), ")")) fail();
      position++;
      return inner;
    }
    return fail();
  };
  try {
    const expression = sum(0);
    return position === tokens.length ? expression : null;
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

/** An expression for a sentence: "2^10 · 3 − 1", brackets only where they are needed. */
export function expressionText(expression: Expression): string {
  const precedence = (node: Expression): number => {
    if (node.type === "number") return node.value < 0n ? 2 : 5;
    if (node.type === "factorial") return 4;
    if (node.type === "negate") return 2;
    return { "+": 0, "-": 0, "*": 1, "^": 3 }[node.operator];
  };
  const wrap = (node: Expression, least: number) =>
    precedence(node) < least ? `(${expressionText(node)})` : expressionText(node);
  switch (expression.type) {
    case "number":
      return expression.value.toString();
    case "negate":
      return `-${wrap(expression.argument, 3)}`;
    case "factorial":
      return `${wrap(expression.argument, 5)}!`;
    case "binary": {
      const { operator, left, right } = expression;
      if (operator === "^") return `${wrap(left, 4)}^${wrap(right, 5)}`;
      if (operator === "*") return `${wrap(left, 1)} · ${wrap(right, 2)}`;
      return `${wrap(left, 0)} ${operator === "-" ? "−" : "+"} ${wrap(right, 1)}`;
    }
  }
}

export function claimText(claim: ClaimBody): string {
  switch (claim.kind) {
    case "equality":
      return `${expressionText(claim.left)} = ${expressionText(claim.right)}`;
    case "congruence":
      return `${expressionText(claim.left)} ${claim.holds ? "≡" : "≢"} ${expressionText(claim.right)} (mod ${expressionText(claim.modulus)})`;
    case "remainder":
      return `${expressionText(claim.value)} mod ${expressionText(claim.modulus)} = ${expressionText(claim.remainder)}`;
    case "order":
      return `ord_${claim.modulus}(${claim.base}) = ${claim.order}`;
    case "period":
      return `period of ${claim.numerator}/${claim.denominator} = ${claim.period}`;
    case "primality":
      return `${claim.n} is ${claim.prime ? "prime" : "not prime"}`;
  }
}
