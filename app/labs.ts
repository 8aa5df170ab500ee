/**
 * Every lab under /tests/ (SPEC.md §2), as the labs index at /tests and the admin menu show them:
 * what each is for in one sentence, who may open it, and its picture in public/labs/ (made by
 * scripts/lab-pictures.ts from the running pages). A test holds this list to the route table.
 */
export type LabAccess = "public" | "admin";

export type LabTopic = "plots" | "waves" | "numbers" | "writing" | "quizzes" | "account" | "admin";

export interface Lab {
  /** The URL segment after /tests/, exactly as in SPEC.md §2. */
  name: string;
  title: string;
  sentence: string;
  /** What the picture shows, for readers who cannot see it. */
  alt: string;
  access: LabAccess;
  topic: LabTopic;
}

/** Size of every picture in public/labs/, so the page reserves their space before they load. */
export const LAB_PICTURE = { width: 480, height: 300, type: "webp" } as const;

export const labTopics: Record<LabTopic, string> = {
  plots: "Plots and functions",
  waves: "Sine waves",
  numbers: "Number patterns",
  writing: "Writing maths",
  quizzes: "Quizzes",
  account: "Sign-in and checkout",
  admin: "For administrators",
};

export const labs: readonly Lab[] = [
  {
    name: "ploting",
    title: "Plot Formula",
    sentence: "The full formula plotter: several curves, polar and parametric ones, inequalities, sliders and zoom.",
    alt: "The formula plotter: a sine wave, a circle and a parabola drawn together on one grid.",
    access: "public",
    topic: "plots",
  },
  {
    name: "plotfunction",
    title: "Plot y = f(x)",
    sentence: "Type a function of x and see its graph with its roots, extrema and asymptotes marked and listed.",
    alt: "The graph of y = x³ − 3x rising, turning down and rising again, on a grid.",
    access: "public",
    topic: "plots",
  },
  {
    name: "complex_wave",
    title: "Complex functions and complex waves",
    sentence: "Colour the plane by the values of a complex function, then add complex waves as turning arrows.",
    alt: "A domain-colouring picture of a complex function: bands of colour turning around its zeros.",
    access: "public",
    topic: "plots",
  },
  {
    name: "makevideo",
    title: "Make a video of a plot",
    sentence: "Record an animated plot straight from the page to a video file you can watch or download.",
    alt: "The video maker: a curve on the plot, under the Record button and the length setting.",
    access: "public",
    topic: "plots",
  },
  {
    name: "sin",
    title: "Sine: amplitude, frequency and phase",
    sentence: "Move the three numbers of y = A sin(ωx + φ) one at a time and watch what each one changes.",
    alt: "Two sine curves, one stretched and shifted, under sliders for amplitude, frequency and phase.",
    access: "public",
    topic: "waves",
  },
  {
    name: "sin2",
    title: "Sums of sines: a square wave",
    sentence: "Add odd harmonics to sin x and a square wave appears, overshoot at every jump included.",
    alt: "A sum of three sines already close to a square wave, beside the sines it is made of.",
    access: "public",
    topic: "waves",
  },
  {
    name: "sin3",
    title: "From the unit circle to the sine",
    sentence: "A point turns around the unit circle; its height against the angle traces the sine curve.",
    alt: "A unit circle with a turning point, and the sine curve its height draws beside it.",
    access: "public",
    topic: "waves",
  },
  {
    name: "sinwave",
    title: "A travelling sine wave",
    sentence: "Watch y = A sin(k(x − vt)) travel, and add a wave running the other way to make it stand.",
    alt: "A sine wave across the plot, under sliders for its amplitude, wavelength and speed.",
    access: "public",
    topic: "waves",
  },
  {
    name: "anime",
    title: "Animated number patterns",
    sentence:
      "Times tables drawn on a circle of remainders bend into cardioids, and powers walk round until they return.",
    alt: "Chords joining points on a circle by a times table, enveloping a cardioid.",
    access: "public",
    topic: "numbers",
  },
  {
    name: "editor",
    title: "Formula scratchpad",
    sentence: "Write Markdown with formulas and see it typeset as the lessons show it, kept in your browser.",
    alt: "The editor's typeset preview: a worked example and a lesson widget drawing the powers of 7 modulo 10 as a cycle.",
    access: "public",
    topic: "writing",
  },
  {
    name: "editor2",
    title: "Formula scratchpad with palette",
    sentence: "Build formulas from a palette or the maths input field and see them typeset at once.",
    alt: "The palette's scratchpad beside its typeset preview, with the powers of 7 modulo 10 drawn as a cycle.",
    access: "public",
    topic: "writing",
  },
  {
    name: "quiz_test",
    title: "Sample quiz",
    sentence: "A question from each chapter, made fresh on every visit, graded and explained without an account.",
    alt: "A quiz question with a maths answer field and a Check button.",
    access: "public",
    topic: "quizzes",
  },
  {
    name: "newlogin",
    title: "Sign in, another way",
    sentence: "The sign-in page's alternative design: a passkey or a link by e-mail, no password needed.",
    alt: "A sign-in card offering a passkey button and, below it, an e-mail link form.",
    access: "public",
    topic: "account",
  },
  {
    name: "buy",
    title: "One-click checkout",
    sentence: "Buy the monthly plan in one click through the payment provider's hosted checkout.",
    alt: "The one-click checkout page: its title and what it does.",
    access: "public",
    topic: "account",
  },
  {
    name: "atom",
    title: "Atomic model of a number",
    sentence: "The lesson's atom widget at full size: one orbit per prime, one particle per unit of its exponent.",
    alt: "360 in the nucleus, with an orbit for each of its primes 2, 3 and 5 and one particle per unit of exponent.",
    access: "admin",
    topic: "admin",
  },
  {
    name: "orbit",
    title: "Orbit animation",
    sentence: "The atom's animation with every control: speed, single steps and reset.",
    alt: "The atom of 151200 with its orbits of 2, 3, 5 and 7 in motion.",
    access: "admin",
    topic: "admin",
  },
  {
    name: "Plotter",
    title: "Plotter",
    sentence: "The plotter with every option exposed and its hard cases loaded: asymptotes, jumps, polar curves.",
    alt: "The plotter showing a curve with asymptotes, a jump with open and closed dots, and a shaded region.",
    access: "admin",
    topic: "admin",
  },
  {
    name: "plotly",
    title: "3-D surfaces",
    sentence: "Type z = f(x, y) and turn its surface in three dimensions.",
    alt: "The saddle z = x² − y² as a coloured 3-D surface.",
    access: "admin",
    topic: "admin",
  },
  {
    name: "plotly2",
    title: "Contour plots",
    sentence: "The level lines of f(x, y), filled, over a heat map or alone.",
    alt: "Filled contours of sin x + cos y: a grid of light peaks and dark hollows.",
    access: "admin",
    topic: "admin",
  },
  {
    name: "mychart",
    title: "Usage charts",
    sentence: "How the site is used right now: events and visitors each minute for 30 minutes, each hour for 48.",
    alt: "The usage charts: cards of the visitors now and the events of the last 30 minutes and 48 hours, above the live and hourly sections.",
    access: "admin",
    topic: "admin",
  },
  {
    name: "quiz",
    title: "Quiz preview",
    sentence: "Any quiz template with any seed and difficulty, with its answer key, hints and solution.",
    alt: "A generated quiz question with its answer key, hints and worked solution.",
    access: "admin",
    topic: "admin",
  },
  {
    name: "validator",
    title: "Answer validator",
    sentence: "An expected and a given answer, graded as a quiz grades them, the verdict explained.",
    alt: "The answer validator form with an expected and a given answer and the verdict below.",
    access: "admin",
    topic: "admin",
  },
  {
    name: "validator2",
    title: "Answer validator, batch",
    sentence: "Many answer checks at once, one per line, each verdict with its steps.",
    alt: "A text area of answer checks, one per line, above their verdicts.",
    access: "admin",
    topic: "admin",
  },
  {
    name: "testm",
    title: "Maths input",
    sentence: "Type in the maths field and see its LaTeX, how the grader reads it and its value.",
    alt: "A maths input field with the LaTeX it produces and the value it reads as.",
    access: "admin",
    topic: "admin",
  },
  {
    name: "test2",
    title: "Formula gallery",
    sentence:
      "Every formula delimiter and the LaTeX the chapters use, beside its source in the light and the dark scheme, and the mistakes the renderer marks.",
    alt: "The formula gallery: a formula's Markdown source above its rendering in a light panel and in a dark one.",
    access: "admin",
    topic: "admin",
  },
  {
    name: "test",
    title: "System diagnostics",
    sentence:
      "The running build, the database and its size, how mail, sign-in providers, push and payments are set up, a test mail, and the offline worker's state.",
    alt: "Tables of the running build and of the database's dialect, migrations and size.",
    access: "admin",
    topic: "admin",
  },
  {
    name: "unique-id",
    title: "Identifier generator",
    sentence: "UUID v4 and v7, ULIDs and nanoids to copy, and the time read back from a v7 UUID or a ULID.",
    alt: "The identifier generator: a choice of kinds, how many to make, and a field that reads an identifier's time.",
    access: "admin",
    topic: "admin",
  },
  {
    name: "user-info",
    title: "Session details",
    sentence: "Who this session belongs to, its role, plan and entitlements, with no secrets shown.",
    alt: "The session details: account, role and plan, entitlements and this session's times.",
    access: "admin",
    topic: "admin",
  },
];

export function labPath(lab: Pick<Lab, "name">): string {
  return `/tests/${lab.name}`;
}

export function labPicture(lab: Pick<Lab, "name">): string {
  return `/labs/${lab.name.toLowerCase()}.${LAB_PICTURE.type}`;
}

export function labsFor(access: LabAccess): Lab[] {
  return labs.filter((lab) => lab.access === access);
}
