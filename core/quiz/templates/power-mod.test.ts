import { expect } from "vitest";
import type { Question } from "../question";
import { powerModulo } from "./power-mod";
import { checkSkillTemplates } from "./template-checks";
import { euclidGcd, formulasOf, powerByRepetition, texNumber } from "./test-oracles";

checkSkillTemplates("power-mod", [
  {
    template: powerModulo,
    minVariants: { 1: 900, 2: 900, 3: 900 },
    oracle(question: Question) {
      const last = question.parts[question.parts.length - 1]!;
      const text = question.parts.length === 1 ? question.prompt : last.prompt;
      const [power, modulus] = formulasOf(text);
      const match = /^(\d+)\^\{(.+)\}$/.exec(power!);
      if (!match) throw new Error(`no power in ${text}`);
      const [a, e, m] = [Number(match[1]), Number(texNumber(match[2]!)), Number(texNumber(modulus!))];
      if (last.key.kind !== "integer") throw new Error("expected an integer key");
      expect(Number(last.key.value), `${a}^${e} mod ${m}`).toBe(powerByRepetition(a, e, m));
      if (question.parts.length === 2) {
        const phi = question.parts[0]!.key;
        if (phi.kind !== "integer") throw new Error("expected an integer key");
        const coprime = Array.from({ length: m }, (_, k) => k + 1).filter((k) => euclidGcd(k, m) === 1);
        expect(Number(phi.value), `φ(${m})`).toBe(coprime.length);
      }
    },
  },
]);
