/** Linear equations solved by the balance principle: the same operation on both sides until x stands alone. */
import {
  applyOperation,
  checkBySubstitution,
  describeOperation,
  equationToTex,
  parseLinearEquation,
  solveLinearEquation,
  suggestOperation,
  type LinearEquation,
  type Operation,
} from "#core/algebra/linear-equation";
import { negate, rationalToTex, type Rational } from "#core/algebra/rational";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { nonZeroInt, retry } from "./choose";
import { sumText } from "./polynomials";
import { capitalize } from "./tex";

/** The equation as typed (brackets kept), with an integer solution below difficulty 3 and often a fraction at 3. */
function equationFor(random: Random, difficulty: Difficulty): { text: string; bracket: boolean } {
  if (difficulty === 1) {
    const a = random.int(2, 9);
    const x = nonZeroInt(random, -12, 12);
    const b = nonZeroInt(random, -20, 20);
    return {
      text: `${sumText([
        [a, "x"],
        [b, ""],
      ])} = ${a * x + b}`,
      bracket: false,
    };
  }
  if (difficulty === 2) {
    const [a, c] = retry(() => {
      const pair = [nonZeroInt(random, -9, 9), nonZeroInt(random, -9, 9)] as const;
      return pair[0] === pair[1] ? undefined : pair;
    });
    const x = nonZeroInt(random, -10, 10);
    const b = nonZeroInt(random, -20, 20);
    const d = (a - c) * x + b;
    return {
      text: `${sumText([
        [a, "x"],
        [b, ""],
      ])} = ${sumText([
        [c, "x"],
        [d, ""],
      ])}`,
      bracket: false,
    };
  }
  const k = random.int(2, 9);
  const b = nonZeroInt(random, -9, 9);
  const c = retry(() => {
    const candidate = nonZeroInt(random, -9, 9);
    return candidate === k ? undefined : candidate;
  });
  // d = kb would make the solution 0.
  const d = retry(() => {
    const candidate = nonZeroInt(random, -30, 30);
    return candidate === k * b ? undefined : candidate;
  });
  return {
    text: `${k}(${sumText([
      [1, "x"],
      [b, ""],
    ])}) = ${sumText([
      [c, "x"],
      [d, ""],
    ])}`,
    bracket: true,
  };
}

/** "Subtract −5x" reads better as "add 5x"; both change the equation in the same way. */
function plainer(operation: Operation): Operation {
  if (operation.kind !== "add" && operation.kind !== "subtract") return operation;
  const { coefficient, constant } = operation.amount;
  if (coefficient.num > 0n || constant.num > 0n) return operation;
  return {
    kind: operation.kind === "add" ? "subtract" : "add",
    amount: { coefficient: negate(coefficient), constant: negate(constant) },
  };
}

function describe(operation: Operation): string {
  const { before, amountTex, after } = describeOperation(operation);
  return capitalize(`${before} $${amountTex}$${after === "" ? "" : ` ${after}`}`);
}

/** A side with x put in, and its value; a side that is just a number is shown once. */
const worked = (tex: string, value: Rational) =>
  tex === rationalToTex(value) ? tex : `${tex} = ${rationalToTex(value)}`;

export const solveLinearEquationTemplate = defineTemplate({
  id: "solve-linear-equation",
  skillId: "solve-linear-equations",
  title: "Solve a linear equation",
  build(random, difficulty) {
    const { text, bracket } = equationFor(random, difficulty);
    const parsed = parseLinearEquation(text);
    if (!parsed.ok) throw new Error(`"${text}": ${parsed.message}`);
    const solutions = solveLinearEquation(parsed.value.equation);
    if (solutions.kind !== "one") throw new Error(`"${text}" must have exactly one solution`);
    const x = solutions.x;

    // The balance steps core/algebra suggests, each applied to both sides.
    const steps: { operation: Operation; after: LinearEquation }[] = [];
    let current = parsed.value.equation;
    for (let suggested = suggestOperation(current); suggested !== null; suggested = suggestOperation(current)) {
      const operation = plainer(suggested);
      current = applyOperation(current, operation);
      steps.push({ operation, after: current });
    }
    const [firstStep] = steps;
    const beforeLast = steps.length >= 2 ? steps[steps.length - 2]!.after : parsed.value.equation;
    if (firstStep === undefined) throw new Error(`"${text}" needs at least one step`);
    const check = checkBySubstitution(parsed.value, x);

    const start = bracket
      ? [`Expand the bracket: $${equationToTex(parsed.value.equation)}$.`]
      : [`Start from $${equationToTex(parsed.value.equation)}$.`];
    return {
      prompt: `Solve $${text}$. Give $x$ as a whole number or a fraction.`,
      parts: [{ prompt: "", key: { kind: "fraction", numerator: x.num.toString(), denominator: x.den.toString() } }],
      hints: [
        bracket
          ? "First expand the bracket. Then do the same to both sides until $x$ stands alone: gather the terms with $x$ on one side and the numbers on the other."
          : "Do the same to both sides until $x$ stands alone: gather the terms with $x$ on one side and the numbers on the other.",
        `${bracket ? `After expanding, $${equationToTex(parsed.value.equation)}$. ` : ""}${describe(firstStep.operation)}.`,
        `You should reach $${equationToTex(beforeLast)}$; one more step gives $x$.`,
      ],
      solution: [
        `Each step does the same to both sides, so by the balance principle every equation has exactly the same solutions as the one before.`,
        [...start, ...steps.map(({ operation, after }) => `${describe(operation)}: $${equationToTex(after)}$.`)].join(
          "\n\n",
        ),
        `So $x = ${rationalToTex(x)}$. Check by putting it into the original equation: the left side is $${worked(check.leftTex, check.leftValue)}$ and the right side is $${worked(check.rightTex, check.rightValue)}$.`,
      ].join("\n\n"),
    };
  },
});
