/**
 * Answers longer than this are refused before any reading: the grader and the quiz service check it, the
 * answer fields stop typing at it. A module of its own, so the page imports the number without the parser.
 */
export const MAX_ANSWER_LENGTH = 2000;
