/** Products and quotients of powers as one power: exponents add, multiply, and subtract, negative ones included. */
import { defineTemplate } from "../template";
import { nonZeroInt, retry } from "./choose";

/** a^{e}, with the exponent in braces (negative ones too). */
const pow = (base: string, e: number) => `${base}^{${e}}`;

export const exponentLaws = defineTemplate({
  id: "exponent-laws",
  skillId: "exponent-laws",
  title: "Products and quotients of powers as one power",
  build(random, difficulty) {
    if (difficulty === 3) {
      // (a^m b^n)^p / (a^q b^r) = a^{mp − q} b^{np − r}
      const [m, n, p, q, r] = retry(() => {
        const values = [
          nonZeroInt(random, -4, 5),
          nonZeroInt(random, -4, 5),
          random.int(2, 4),
          nonZeroInt(random, -6, 9),
          nonZeroInt(random, -6, 9),
        ];
        return values[0]! * values[2]! === values[3] && values[1]! * values[2]! === values[4] ? undefined : values;
      }) as [number, number, number, number, number];
      const [x, y] = [m * p - q, n * p - r];
      const expression = `\\frac{(${pow("a", m)} ${pow("b", n)})^{${p}}}{${pow("a", q)} ${pow("b", r)}}`;
      return {
        prompt: `Write $${expression}$ as $a^x b^y$ (with $a, b \\neq 0$).`,
        parts: [
          { prompt: "$x$", key: { kind: "integer", value: `${x}` } },
          { prompt: "$y$", key: { kind: "integer", value: `${y}` } },
        ],
        hints: [
          "First the bracket: $(a^m b^n)^p = a^{mp} b^{np}$.",
          "Dividing by $a^q$ is multiplying by $a^{-q}$: the exponents subtract.",
        ],
        solution: `$(${pow("a", m)} ${pow("b", n)})^{${p}} = ${pow("a", m * p)} ${pow("b", n * p)}$, and dividing subtracts the exponents: $$${expression} = a^{${m * p} - ${q < 0 ? `(${q})` : q}} b^{${n * p} - ${r < 0 ? `(${r})` : r}} = ${pow("a", x)} ${pow("b", y)}.$$`,
      };
    }
    // Difficulty 1: a^m · a^n / a^q. Difficulty 2: the same with the bases 2, 4 = 2², 8 = 2³.
    const [m, n, q] = [nonZeroInt(random, -5, 9), nonZeroInt(random, -5, 9), nonZeroInt(random, -5, 9)];
    const bases =
      difficulty === 1 ? ([1, 1, 1] as const) : ([random.int(1, 3), random.int(1, 3), random.int(1, 3)] as const);
    const written = (k: 0 | 1 | 2, e: number) => (difficulty === 1 ? pow("a", e) : pow(`${2 ** bases[k]}`, e));
    const expression = `\\frac{${written(0, m)} \\cdot ${written(1, n)}}{${written(2, q)}}`;
    const [em, en, eq] = [m * bases[0], n * bases[1], q * bases[2]];
    const k = em + en - eq;
    const base = difficulty === 1 ? "a" : "2";
    return {
      prompt: `Write $${expression}$ as a single power $${base}^k$${difficulty === 1 ? " (with $a \\neq 0$)" : ""}. What is $k$?`,
      parts: [{ prompt: "", key: { kind: "integer", value: `${k}` } }],
      hints: [
        ...(difficulty === 2
          ? ["Write every base as a power of $2$: $4 = 2^2$ and $8 = 2^3$, and use $(2^j)^e = 2^{je}$."]
          : []),
        "Multiplying powers of the same base adds the exponents; dividing subtracts them.",
        `So the exponent is $${em} + ${en < 0 ? `(${en})` : en} - ${eq < 0 ? `(${eq})` : eq}$.`,
      ],
      solution: [
        ...(difficulty === 2
          ? [
              `As powers of $2$: $${written(0, m)} = ${pow("2", em)}$, $${written(1, n)} = ${pow("2", en)}$ and $${written(2, q)} = ${pow("2", eq)}$.`,
            ]
          : []),
        `The exponents add and subtract: $${em} + ${en < 0 ? `(${en})` : en} - ${eq < 0 ? `(${eq})` : eq} = ${k}$, so the expression is $${pow(base, k)}$.`,
      ].join("\n\n"),
    };
  },
});
