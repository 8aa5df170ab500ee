import { widgetCatalog, type WidgetName } from "../components/lesson-widgets/catalog";
import { TASK_LABELS, type AssistantTask } from "./assistant-vocabulary";
import { QUESTION_FORMAT } from "./question-format";

/** A message of a chat completion, as stored in the history and sent to the endpoint. */
export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

export interface PromptInput {
  task: AssistantTask;
  chapter: { title: string; summary: string; sectionTitles: string[] };
  skill: { id: string; title: string } | null;
  instructions: string;
}

/** Each widget a lesson may embed, with its attributes and their defaults, from the renderer's own catalog. */
function widgetList(): string {
  return (Object.keys(widgetCatalog) as WidgetName[])
    .map((name) => {
      const widget = widgetCatalog[name];
      const defaults = widget.attributes.safeParse({});
      const attributes = defaults.success
        ? Object.entries(defaults.data as Record<string, unknown>)
            .map(([key, value]) => `${key}="${String(value)}"`)
            .join(" ")
        : "";
      return `- ${name}: ${widget.description}${attributes ? ` Attributes, with their defaults: ${attributes}.` : ""}`;
    })
    .join("\n");
}

/** Numberlab's lesson Markdown (docs/content-format.md), as the model must write it. */
function lessonFormat(): string {
  return String.raw`Numberlab's lessons are Markdown with these rules (the site's renderer and checker follow them exactly):
- Formulas are LaTeX that KaTeX can typeset. Inline: $…$ or \(…\). Display: $$…$$ or \[…\] on lines of their own. A $ directly followed by a digit is read as money, never as a formula, so an inline formula that starts with a digit is written \(2^{10} = 1024\), not with $. A literal dollar sign is \$. Write congruences as a \equiv b \pmod{m}, products with \cdot, orders as \operatorname{ord}_{n}(a).
- Inside a section, use ### and #### headings only.
- Boxes are written :::kind{title="…"} on a line, the content, then ::: on a line. Kinds: definition, theorem, lemma, proof, example, exercise, note, hint, answer, optional (a part a learner may skip: a heavy proof or a digression, folded). The title is optional and may hold formulas. To nest boxes, give the outer box more colons: ::::exercise{title="…"} around :::hint and :::answer, closed by ::::. Hints and answers are folded until the reader opens them.
- A widget is a line ::widget{name="…" key="value"} on its own, at the top level (never inside a box, a list or a quote). Only these widgets exist; leave out an attribute to take its default:
${widgetList()}
- No raw HTML. Links go to https:// addresses or relative paths.`;
}

const TASK_INSTRUCTIONS: Record<AssistantTask, string> = {
  section: String.raw`Write one lesson section. Start with a line "## " and the section's title, then its text: explanations, definitions and theorems in boxes, at least one worked example, and a widget where one shows the idea well.`,
  example: String.raw`Write one worked example. Start with a line "## " and a short title, then one :::example{title="…"} box that states the problem and works it through step by step.`,
  exercises: String.raw`Write exercises (three unless the instructions say otherwise). Start with a line "## " and a short title, then each exercise as a ::::exercise{title="…"} box holding the task, one or more :::hint boxes and one :::answer box with the full answer.`,
  questions: String.raw`Write quiz questions with fixed answers (three unless the instructions say otherwise) for the skill given. Each question must have exactly one right answer that the key states exactly; prefer whole-number answers.`,
};

/**
 * The messages for a request: a system message with the site's format and the task's rules, and a user
 * message with the chapter, the skill and the admin's instructions.
 */
export function assistantMessages(input: PromptInput): ChatMessage[] {
  const system = [
    "You write teaching material for Numberlab, a website that teaches number theory and algebra (prime factorizations, remainders, congruences, orders, decimal periods) to secondary-school and first-year university students.",
    "Write plain, correct English in a clear and friendly tone, without marketing language. Output only the material itself, with no preamble and no closing remarks.",
    "Check every number you state. Numberlab checks factorizations, congruences, remainders, multiplicative orders, decimal periods and primality in your text and flags each wrong one.",
    lessonFormat(),
    TASK_INSTRUCTIONS[input.task],
    ...(input.task === "questions" ? [QUESTION_FORMAT] : []),
  ].join("\n\n");

  const { chapter, skill } = input;
  const user = [
    `Task: ${TASK_LABELS[input.task].label}.`,
    `Chapter: ${chapter.title}. ${chapter.summary}`,
    chapter.sectionTitles.length > 0
      ? `Its sections so far: ${chapter.sectionTitles.map((title) => `“${title}”`).join(", ")}.`
      : "It has no sections yet.",
    skill ? `Skill: ${skill.title} (skill id: ${skill.id}).` : "Skill: none in particular.",
    "",
    "Instructions from the author:",
    input.instructions,
  ].join("\n");

  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}
