import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { displayMathStyles } from "#app/components/lesson/display-math-styles";
import { Page } from "#app/components/page";
import { loadGlossary } from "#app/glossary/glossary.server";
import { userContext } from "#app/http/request-context";
import { getDatabase } from "#app/utils/db.server";
import { entitlementsFor } from "#app/utils/entitlements";
import type { Route } from "./+types/glossary";

export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";

export const meta: Route.MetaFunction = () => [
  { title: "Glossary · Numberlab" },
  {
    name: "description",
    content: "Every term the course defines, with its definition and a link to where it is taught.",
  },
];

/**
 * /glossary: every term the published chapters define, alphabetically, each with its definition and a link
 * to it in its chapter. Public, like the chapter list and search; a premium chapter's definitions (past its
 * introduction) are named to everyone and shown to the readers who may read them.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getDatabase();
  const { entries } = await loadGlossary(db);
  const user = context.get(userContext);
  const readsPremium = user !== null && entitlementsFor(user).premiumChapters;
  return {
    entries: entries.map((entry) => ({
      slug: entry.slug,
      term: entry.term,
      href: entry.href,
      chapterTitle: entry.chapterTitle,
      sectionTitle: entry.sectionTitle,
      html: entry.open || readsPremium ? entry.html : null,
    })),
  };
}

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

const initialOf = (term: string) => {
  const letter = term.normalize("NFKD")[0]?.toUpperCase() ?? "#";
  return /[A-Z]/.test(letter) ? letter : "#";
};

function byInitial(entries: Entry[]): [string, Entry[]][] {
  const groups = new Map<string, Entry[]>();
  for (const entry of entries) {
    const letter = initialOf(entry.term);
    groups.set(letter, [...(groups.get(letter) ?? []), entry]);
  }
  return [...groups];
}

export default function GlossaryPage({ loaderData }: Route.ComponentProps) {
  const groups = byInitial(loaderData.entries);
  return (
    <Page title="Glossary" lead="Every term the course defines, with its definition and where it is taught.">
      {groups.length === 0 && <Typography>No chapter defines a term yet.</Typography>}
      <Box component="nav" aria-label="Glossary letters" sx={{ display: "flex", flexWrap: "wrap", gap: 1, mb: 3 }}>
        {groups.map(([letter]) => (
          <Link key={letter} href={`#letter-${letter}`} sx={{ px: 1, py: 0.5, fontWeight: 700 }}>
            {letter}
          </Link>
        ))}
      </Box>
      {groups.map(([letter, entries]) => (
        <Box component="section" key={letter} aria-labelledby={`letter-${letter}`}>
          <Typography variant="h5" component="h2" id={`letter-${letter}`} sx={{ mt: 3, scrollMarginTop: 80 }}>
            {letter}
          </Typography>
          <Box component="dl" sx={{ m: 0 }}>
            {entries.map((entry) => (
              <GlossaryEntryView key={entry.slug} entry={entry} />
            ))}
          </Box>
        </Box>
      ))}
    </Page>
  );
}

function GlossaryEntryView({ entry }: { entry: Entry }) {
  return (
    <Box sx={{ py: 1.5, borderBottom: 1, borderColor: "divider" }}>
      <Typography component="dt" id={entry.slug} variant="h6" sx={{ fontWeight: 600, scrollMarginTop: 80 }}>
        <Link component={RouterLink} to={entry.href}>
          {entry.term}
        </Link>
      </Typography>
      <Box
        component="dd"
        sx={{
          m: 0,
          lineHeight: 1.7,
          "& p": { my: 0.5 },
          "& dfn": { fontStyle: "normal", fontWeight: 700 },
          ...displayMathStyles,
        }}
      >
        {entry.html === null ? (
          <Typography color="text.secondary">
            Defined in a premium chapter: the definition is for subscribers.
          </Typography>
        ) : (
          <div dangerouslySetInnerHTML={{ __html: entry.html }} />
        )}
        <Typography variant="body2" color="text.secondary">
          {entry.chapterTitle} · {entry.sectionTitle}
        </Typography>
      </Box>
    </Box>
  );
}
