import { beforeEach, describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { hostSection } from "#tests/setup/lesson-section";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { exerciseAnswerHistory, exerciseStates } from "#app/models/exercise-answer.server";
import { answerHistory } from "#app/models/quiz.server";
import { findSection, saveSection, type SectionRecord } from "#app/models/section.server";
import { createUser, type User } from "#app/models/user.server";
import { learnerMastery } from "#app/quiz/quiz-start.server";
import { answerExercise, exerciseAnswerSchema, type ExerciseAnswerOutcome } from "./exercise-answer.server";

/** Two exercises: the first asks a remainder and a power in two parts, the second is a proof. */
const BODY = `Some text.

::::exercise{title="Powers of 2"}
Find \\(2^{10} \\bmod 7\\) and \\(2^{10}\\).

:::check{skill="power-mod"}
The remainder :: integer 2 remainder mod 7
The power :: integer 1024
:::

:::hint
\\(2^3 = 8 \\equiv 1\\).
:::

:::hint
\\(2^{10} = 2 \\cdot (2^3)^3\\).
:::

:::answer
2 and 1024.
:::
::::

::::exercise{title="Why" kind="proof"}
Show that \\(2^3 \\equiv 1 \\pmod 7\\).
::::
`;

describe.each(testDialects)("answering lesson exercises on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let count = 0;
  let learner: User;
  let section: SectionRecord;

  beforeEach(async () => {
    await database.db.deleteFrom("chapters").execute();
    count += 1;
    learner = await createUser(database.db, { email: `learner-${count}@example.org`, passwordHash: null });
    section = await hostSection(database.db, "powers", BODY);
  });

  const answer = (
    fields: Record<string, string>,
    readable: readonly SectionRecord[] = [section],
  ): Promise<ExerciseAnswerOutcome> => {
    const form = {
      intent: "exercise-answer",
      sectionId: section.id,
      revisionId: section.revisionId,
      exercise: "1",
      hintsUsed: "0",
      revealed: "false",
      ...fields,
    };
    return answerExercise(database.db, learner.id, readable, exerciseAnswerSchema.parse(form), form);
  };
  const powerMod = async () =>
    (await learnerMastery(database.db, learner.id)).masteries.find((mastery) => mastery.skillId === "power-mod")!;

  it("grades each part with the quiz grader and counts the first try towards the skill", async () => {
    testClock.set("2026-11-28T10:00:00Z");
    const wrong = await answer({ "part-0": "9", "part-1": "1024" });
    expect(wrong.status).toBe(200);
    if (wrong.status !== 200) return;
    expect(wrong.body.verdicts.map((verdict) => verdict.correct)).toEqual([false, true]);
    // 9 is congruent to 2 but not reduced: the grader says so.
    expect(wrong.body.verdicts[0]!.feedback).toMatch(/reduce|remainder|between 0 and 6/i);
    expect(wrong.body).toMatchObject({ solved: false, tryNumber: 1, skill: { before: "new", after: "attempted" } });

    testClock.advance(60_000);
    const right = await answer({ "part-0": "2", "part-1": "2^10", hintsUsed: "1" });
    if (right.status !== 200) throw new Error(JSON.stringify(right.body));
    expect(right.body).toMatchObject({ solved: true, tryNumber: 2, skill: { before: "attempted", after: "attempted" } });
    // Only the first try is a mastery record: a retry after a miss is never clean.
    expect(await exerciseAnswerHistory(database.db, learner.id)).toEqual([
      { skillId: "power-mod", correct: false, hintsUsed: 0, answeredAt: "2026-11-28T10:00:00.000Z" },
    ]);
    expect(await exerciseStates(database.db, learner.id, [section.id])).toEqual([
      { sectionId: section.id, exerciseNumber: 1, solved: true },
    ]);

    // Solved, so the next answer starts a new sitting: right, alone, at the first try is clean.
    testClock.advance(24 * 3600_000);
    const again = await answer({ "part-0": "2", "part-1": "1024" });
    if (again.status !== 200) throw new Error(JSON.stringify(again.body));
    expect(again.body.tryNumber).toBe(1);
    expect((await powerMod()).recentClean).toBe(1);
    expect((await answerHistory(database.db, learner.id)).map((record) => record.correct)).toEqual([false, true]);
  });

  it("needs two clean first tries for familiar, and schedules the review from the last", async () => {
    testClock.set("2026-11-28T10:00:00Z");
    for (const day of [0, 1]) {
      testClock.set(Date.parse("2026-11-28T10:00:00Z") + day * 86_400_000);
      const outcome = await answer({ "part-0": "2", "part-1": "1024" });
      expect(outcome.status).toBe(200);
    }
    const mastery = await powerMod();
    expect(mastery).toMatchObject({ level: "familiar", recentClean: 2, answered: 2 });
    // A run of two clean answers rests the skill seven days (1, 3, 7, … in core/quiz/mastery.ts) from the last.
    expect(mastery.reviewDueAt).toBe("2026-12-06T10:00:00.000Z");
  });

  it("a hint or the worked answer seen before answering makes a right first try not clean", async () => {
    testClock.set("2026-11-28T10:00:00Z");
    await answer({ "part-0": "2", "part-1": "1024", hintsUsed: "2" });
    testClock.advance(86_400_000);
    await answer({ "part-0": "2", "part-1": "1024", revealed: "true" });
    expect((await powerMod()).recentClean).toBe(0);
    expect((await powerMod()).level).toBe("attempted");
  });

  it("grades against the revision the reader saw, after an edit changed the key", async () => {
    const shown = section;
    const saved = await saveSection(database.db, {
      sectionId: section.id,
      baseRevision: section.currentRevision,
      title: section.title,
      body: BODY.replace("integer 1024", "integer 1025"),
      authorId: null,
    });
    if (!saved.ok) throw new Error("not saved");
    const current = (await findSection(database.db, section.id))!;
    const outcome = await answer({ "part-0": "2", "part-1": "1024", revisionId: shown.revisionId }, [current]);
    expect(outcome).toMatchObject({ status: 200, body: { solved: true } });
  });

  it("refuses, changing nothing: a section not readable, a proof, a missing exercise, too many hints, a blank part", async () => {
    const refusals: [Record<string, string>, RegExp, SectionRecord[]?][] = [
      [{ "part-0": "2", "part-1": "1024" }, /not part of what you can read/, []],
      [{ exercise: "2", "part-0": "1" }, /Exercise 2 of this section is not answered on the page/],
      [{ exercise: "7", "part-0": "1" }, /Exercise 7/],
      [{ hintsUsed: "3", "part-0": "2", "part-1": "1024" }, /has 2 hints/],
      [{ "part-0": "2" }, /part b is blank/],
      [{ revisionId: "no-such-revision", "part-0": "2", "part-1": "1024" }, /no longer exists/],
    ];
    for (const [fields, message, readable] of refusals) {
      const outcome = await answer(fields, readable);
      expect(outcome.status, JSON.stringify(fields)).toBe(400);
      expect(outcome.body.error).toMatch(message);
    }
    expect(await database.db.selectFrom("exercise_answers").selectAll().execute()).toEqual([]);
  });

  it("two answers at once from two tabs get try 1 and try 2, never both 1", async () => {
    const outcomes = await Promise.all([
      answer({ "part-0": "3", "part-1": "1" }),
      answer({ "part-0": "4", "part-1": "1" }),
    ]);
    const tries = outcomes.map((outcome) => (outcome.status === 200 ? outcome.body.tryNumber : 0)).sort();
    expect(tries).toEqual([1, 2]);
  });
});
