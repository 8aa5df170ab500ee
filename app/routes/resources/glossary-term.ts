import { z } from "zod";
import type { GlossaryCard } from "#app/glossary/glossary-card";
import { loadGlossary } from "#app/glossary/glossary.server";
import { userContext } from "#app/http/request-context";
import { getDatabase } from "#app/utils/db.server";
import { entitlementsFor } from "#app/utils/entitlements";
import { SLUG_PATTERN } from "#app/utils/slug";
import type { Route } from "./+types/glossary-term";

const termSchema = z.string().regex(SLUG_PATTERN, "A term is named by lowercase words joined by hyphens.");

/**
 * GET /glossary/:term: one term's definition for its card in a lesson. Public, like the glossary; a premium
 * chapter's definitions only for readers who may read them (its introduction's for everyone).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = termSchema.safeParse(params.term);
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]?.message }, { status: 404 });
  const { db } = getDatabase();
  const entry = (await loadGlossary(db)).entries.find((candidate) => candidate.slug === parsed.data);
  if (!entry) return Response.json({ error: "The glossary has no such term." }, { status: 404 });
  const user = context.get(userContext);
  const readable = entry.open || (user !== null && entitlementsFor(user).premiumChapters);
  const card: GlossaryCard = {
    term: entry.term,
    html: readable ? entry.html : null,
    href: entry.href,
    chapterTitle: entry.chapterTitle,
    sectionTitle: entry.sectionTitle,
  };
  // Premium readers and others get different answers from the same address.
  return Response.json(card, { headers: { "Cache-Control": "private, no-cache", Vary: "Cookie" } });
}
