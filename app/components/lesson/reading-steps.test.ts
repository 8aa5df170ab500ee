import { expect, it } from "vitest";
import { readingSteps, stepOfAnchor } from "./reading-steps";

const sections = [
  { slug: "intro", title: "Introduction", parts: [{ title: null, anchors: [] }] },
  {
    slug: "gcd",
    title: "The gcd",
    parts: [
      { title: null, anchors: ["gcd-exercise-1"] },
      { title: "Euclid's algorithm", anchors: ["gcd-euclid-s-algorithm", "gcd-term-remainder"] },
    ],
  },
  { slug: "summary", title: "Summary", parts: [{ title: null, anchors: [] }] },
  { slug: "gcd-lcm", title: "The gcd and the lcm", parts: [{ title: null, anchors: [] }] },
];

it("reads each section as one step, or as its parts, titled by the sub-section", () => {
  expect(readingSteps(sections)).toEqual([
    { section: 0, part: 0, title: "Introduction", last: true },
    { section: 1, part: 0, title: "The gcd", last: false },
    { section: 1, part: 1, title: "Euclid's algorithm", last: true },
    { section: 2, part: 0, title: "Summary", last: true },
    { section: 3, part: 0, title: "The gcd and the lcm", last: true },
  ]);
});

it("finds the step that shows an anchor: a section, an id in a later part, an id of a whole section", () => {
  expect(stepOfAnchor(sections, "gcd")).toBe(1);
  expect(stepOfAnchor(sections, "gcd-term-remainder")).toBe(2);
  expect(stepOfAnchor(sections, "gcd-exercise-1")).toBe(1);
  // An id of the section not listed (a proof's heading in a one-part section) opens the section's first step.
  expect(stepOfAnchor(sections, "summary-definition-x")).toBe(3);
  expect(stepOfAnchor(sections, "gcd-lcm-term-lcm")).toBe(4);
  expect(stepOfAnchor(sections, "elsewhere")).toBe(-1);
});
