import { describe, expect, it } from "vitest";
import { dueForReview, REVIEW_INTERVAL_DAYS, skillMastery, type AnswerRecord } from "./mastery";

const day = (n: number) => new Date(Date.UTC(2040, 0, 1) + n * 86_400_000).toISOString();
const answer = (n: number, correct: boolean, hintsUsed = 0, skillId = "s"): AnswerRecord => ({
  skillId,
  correct,
  hintsUsed,
  answeredAt: day(n),
});

describe("mastery of a skill", () => {
  it("is new before any answer, and then needs clean answers (right, no hint) to rise", () => {
    expect(skillMastery("s", []).level).toBe("new");
    expect(skillMastery("s", [answer(0, false)]).level).toBe("attempted");
    expect(skillMastery("s", [answer(0, true, 1), answer(1, true, 2)]).level).toBe("attempted");
    expect(skillMastery("s", [answer(0, true), answer(1, true)]).level).toBe("familiar");
    expect(skillMastery("s", [answer(0, true), answer(1, true), answer(2, true)]).level).toBe("proficient");
    expect(
      skillMastery(
        "s",
        [0, 1, 2, 3, 4].map((n) => answer(n, true)),
      ).level,
    ).toBe("mastered");
  });

  it("counts only the five latest answers, in time order whatever the input order", () => {
    const old = [0, 1, 2, 3, 4].map((n) => answer(n, true));
    const recent = [5, 6, 7].map((n) => answer(n, false));
    // Latest five: two clean (days 3 and 4), three missed.
    const mastery = skillMastery("s", [...recent, ...old].reverse());
    expect(mastery).toMatchObject({ level: "familiar", recentClean: 2, answered: 8 });
  });

  it("ignores other skills' answers", () => {
    expect(skillMastery("s", [answer(0, true, 0, "other"), answer(1, true, 0, "other")]).level).toBe("new");
  });

  it("brings a missed skill back a day later, and rests a skill longer after each clean answer in a row", () => {
    expect(skillMastery("s", [answer(10, false)]).reviewDueAt).toBe(day(10 + REVIEW_INTERVAL_DAYS[0]!));
    expect(skillMastery("s", [answer(10, false), answer(11, true)]).reviewDueAt).toBe(
      day(11 + REVIEW_INTERVAL_DAYS[1]!),
    );
    const run = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => answer(n, true));
    expect(skillMastery("s", run).reviewDueAt).toBe(day(7 + REVIEW_INTERVAL_DAYS.at(-1)!));
    expect(skillMastery("s", [...run, answer(8, true, 1)]).reviewDueAt).toBe(day(8 + REVIEW_INTERVAL_DAYS[0]!));
  });

  it("lists due skills, the longest overdue first", () => {
    const missedLong = skillMastery("a", [answer(0, false, 0, "a")]);
    const missedRecently = skillMastery("b", [answer(5, false, 0, "b")]);
    const resting = skillMastery("c", [answer(5, true, 0, "c"), answer(6, true, 0, "c")]);
    const due = dueForReview([resting, missedRecently, missedLong, skillMastery("d", [])], new Date(day(7)));
    expect(due.map((m) => m.skillId)).toEqual(["a", "b"]);
  });
});
