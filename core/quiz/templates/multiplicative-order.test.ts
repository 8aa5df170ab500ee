import { expect } from "vitest";
import type { Question } from "../question";
import { orderModulo, primitiveRoots } from "./multiplicative-order";
import { checkSkillTemplates } from "./template-checks";
import { formulasOf, orderByRepetition } from "./test-oracles";

checkSkillTemplates("multiplicative-order", [
  {
    template: orderModulo,
    minVariants: { 1: 20, 2: 310, 3: 600 },
    oracle(question: Question) {
      const [a, m] = formulasOf(question.prompt).slice(0, 2).map(Number) as [number, number];
      const key = question.parts[0]!.key;
      if (key.kind !== "integer") throw new Error("expected an integer key");
      expect(Number(key.value), `order of ${a} mod ${m}`).toBe(orderByRepetition(a, m));
    },
  },
  {
    template: primitiveRoots,
    minVariants: { 1: 250, 2: 900, 3: 900 },
    oracle(question: Question) {
      const p = Number(formulasOf(question.prompt)[0]);
      const key = question.parts[0]!.key;
      if (key.kind !== "choice") throw new Error("expected a choice key");
      const roots = key.options.flatMap((option, index) =>
        orderByRepetition(Number(formulasOf(option)[0]), p) === p - 1 ? [index] : [],
      );
      expect(key.correct, `modulo ${p}: ${key.options.join(" ")}`).toEqual(roots);
    },
  },
]);
