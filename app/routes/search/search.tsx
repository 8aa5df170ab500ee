import SearchIcon from "@mui/icons-material/Search";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { data, Form, Link as RouterLink } from "react-router";
import { z } from "zod";
import { Page } from "#app/components/page";
import { MarkedText } from "#app/components/search/marked-text";
import { userContext } from "#app/http/request-context";
import { searchContent, syncSearchIndex, type SearchHit } from "#app/search/search-index.server";
import { MAX_QUERY_LENGTH } from "#app/search/search-query";
import { getDatabase } from "#app/utils/db.server";
import { entitlementsFor } from "#app/utils/entitlements";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded?.query ? `“${loaded.query}” · Search · Numberlab` : "Search · Numberlab" },
  { name: "description", content: "Search the course's sections, definitions, theorems and exercises, and the tools." },
  // Results pages are endless variations of one page.
  { name: "robots", content: "noindex" },
];

const querySchema = z.string().trim().max(MAX_QUERY_LENGTH, `Search for at most ${MAX_QUERY_LENGTH} characters.`);

const KIND_LABEL: Record<SearchHit["kind"], string> = {
  section: "Section",
  definition: "Definition",
  theorem: "Theorem",
  exercise: "Exercise",
  tool: "Tool",
};

/**
 * /search?q=…: public, like the chapter list. A premium chapter's results show their titles to
 * everyone, and their text only to readers who may read it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = querySchema.safeParse(new URL(request.url).searchParams.get("q") ?? "");
  if (!parsed.success) {
    return data({ query: "", hits: [], error: parsed.error.issues[0]?.message ?? "Cannot search for that." }, 400);
  }
  const query = parsed.data;
  if (query === "") return { query, hits: [], error: null };
  const { db } = getDatabase();
  await syncSearchIndex(db);
  const user = context.get(userContext);
  const readsPremium = user !== null && entitlementsFor(user).premiumChapters;
  const hits = (await searchContent(db, query)).map((hit) =>
    hit.premium && !readsPremium ? { ...hit, snippet: "" } : hit,
  );
  return { query, hits, error: null };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, hits, error } = loaderData;
  return (
    <Page title="Search">
      <Box
        component={Form}
        method="get"
        role="search"
        aria-label="Course and tools"
        sx={{ display: "flex", gap: 1, mb: 3 }}
      >
        <TextField
          key={query}
          name="q"
          type="search"
          label="Search the course and tools"
          defaultValue={query}
          autoFocus={query === ""}
          fullWidth
          slotProps={{ htmlInput: { maxLength: MAX_QUERY_LENGTH } }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0 }}>
          Search
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {error}
        </Alert>
      )}
      {query !== "" && <SearchResults query={query} hits={hits} />}
    </Page>
  );
}

function SearchResults({ query, hits }: { query: string; hits: SearchHit[] }) {
  return (
    <Box component="section" aria-labelledby="search-results-heading">
      <Typography id="search-results-heading" variant="h6" component="h2" role="status" gutterBottom>
        {hits.length === 0
          ? `Nothing found for “${query}”`
          : `${hits.length === 20 ? "The best 20 results" : hits.length === 1 ? "1 result" : `${hits.length} results`} for “${query}”`}
      </Typography>
      {hits.length === 0 && (
        <Typography color="text.secondary">
          Try fewer words, another form of a word, or just its start: “carmich” finds “Carmichael”.
        </Typography>
      )}
      <Box component="ol" aria-label="Results" sx={{ listStyle: "none", p: 0, m: 0 }}>
        {hits.map((hit) => (
          <Box component="li" key={hit.href} sx={{ py: 2, borderBottom: 1, borderColor: "divider" }}>
            <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.6 }}>
              {KIND_LABEL[hit.kind]}
              {hit.chapterTitle && ` · ${hit.chapterTitle}`}
              {hit.premium && " · Premium"}
            </Typography>
            <Link component={RouterLink} to={hit.href} variant="h6" sx={{ fontWeight: 500 }}>
              <MarkedText text={hit.title} />
            </Link>
            {hit.snippet !== "" && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                <MarkedText text={hit.snippet} />
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
