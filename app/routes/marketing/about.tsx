import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Page } from "#app/components/page";
import { ProseSection, TextLink } from "#app/components/prose";
import { listPublishedChapters } from "#app/models/chapter.server";
import { getDatabase } from "#app/utils/db.server";
import type { Route } from "./+types/about";

/** Its document is kept across requests with the same data (app/http/render-cache.server.ts). */
export const handle = { cacheRender: true };

export const meta: Route.MetaFunction = () => [
  { title: "About · Numberlab" },
  {
    name: "description",
    content:
      "What Numberlab is, who it is for and how it teaches number theory and algebra: chapters to read and tools to test every idea.",
  },
];

const tools = [
  {
    title: "Prime factorization engine",
    to: "/prime-factorization-engine",
    text: "Split any whole number into its prime factors and see how each algorithm finds them.",
  },
  {
    title: "Prime discoveries",
    to: "/prime-discoveries",
    text: "The story of the record primes, and the tests that prove them.",
  },
  {
    title: "Formula plotter",
    to: "/tests/ploting",
    text: "Type a formula and see its graph, with several curves, sliders and zoom.",
  },
  {
    title: "Quizzes",
    to: "/tests/quiz_test",
    text: "Check what you have understood, with every answer graded and explained. The sample quiz needs no account.",
  },
];

export async function loader() {
  const chapters = await listPublishedChapters(getDatabase().db);
  return { chapters: chapters.map(({ slug, title, summary, access }) => ({ slug, title, summary, access })) };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { chapters } = loaderData;
  return (
    <Page
      title="About Numberlab"
      lead="Numberlab is a place to learn number theory and algebra by doing: read an idea, then try it out on numbers of your own choosing."
    >
      <ProseSection title="What you will find">
        <Typography>The course runs through these chapters, in order:</Typography>
        <Box component="ol">
          {chapters.map((chapter) => (
            <Typography component="li" key={chapter.slug}>
              <TextLink to={`/chapter/${chapter.slug}`}>{chapter.title}</TextLink>
              {chapter.access === "free" ? " (free with an account)" : " (Premium)"}: {chapter.summary}
            </Typography>
          ))}
        </Box>
        <Typography>Alongside the chapters there are tools to experiment with:</Typography>
        <Box component="ul">
          {tools.map((tool) => (
            <Typography component="li" key={tool.to}>
              <TextLink to={tool.to}>{tool.title}</TextLink>: {tool.text}
            </Typography>
          ))}
        </Box>
      </ProseSection>

      <ProseSection title="Who it is for">
        <Typography>
          Numberlab is for anyone curious about numbers, from secondary school upwards: pupils and students meeting
          these ideas for the first time or revising them, adults who want to know what lies behind primes and
          remainders, and teachers looking for clear explanations and tools to use in class. The first chapter starts
          from the basics of algebra, so ordinary arithmetic is all you need to begin.
        </Typography>
      </ProseSection>

      <ProseSection title="How it teaches">
        <Typography>
          Each lesson introduces an idea and then asks you to test it: factor a number, plot a formula, answer a
          question. Seeing an idea work on numbers you picked yourself is the quickest way to believe it, and the surest
          way to find out where it stops working.
        </Typography>
        <Typography>
          Formulas are typeset on the server, so they arrive as part of the page instead of appearing a moment later.
          Every number the tools show is checked against independent computations, so you can concentrate on the
          mathematics rather than wonder whether the machine is right.
        </Typography>
      </ProseSection>

      <ProseSection title="Open source and self-hosted">
        <Typography>
          Numberlab is open-source software. Anyone can run their own copy of it, such as a school, a maths club or a
          single teacher, with its own accounts and lessons. This site is run by the operator of this site, who is
          responsible for its accounts and the data they hold. The{" "}
          <TextLink to="/privacy-policy">privacy policy</TextLink> and the <TextLink to="/terms">terms of use</TextLink>{" "}
          explain what that means for you.
        </Typography>
      </ProseSection>

      <ProseSection title="Free and Premium">
        <Typography>
          The tools are open to everyone, with or without an account. A free account opens the chapters marked free
          above. Premium opens every chapter and unlimited quizzes; the plans are described on the{" "}
          <TextLink to="/subscribe">Subscribe</TextLink> page.
        </Typography>
      </ProseSection>

      <ProseSection title="Get in touch">
        <Typography>
          Found a mistake, have a question about a lesson or an idea for a tool? Write through the{" "}
          <TextLink to="/contact">contact page</TextLink>: a person reads every message.
        </Typography>
      </ProseSection>
    </Page>
  );
}
