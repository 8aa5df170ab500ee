import { beforeAll, describe, expect, it } from "vitest";
import { chapterSource } from "#tests/setup/chapter-source";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { findChapterBySlug, setChapterPublished } from "#app/models/chapter.server";
import { importChapters } from "#app/models/content-import.server";
import { createSection, listSections, saveSection } from "#app/models/section.server";
import { MATCH_END, MATCH_START } from "#app/utils/search-marks";
import { searchContent, syncSearchIndex, type SearchHit } from "./search-index.server";
import { searchTools } from "./search-tools";

/** A fixture course: what each test expects follows from these words alone. */
const CARMICHAEL = [
  "A few composite numbers pass the Fermat test for every base.",
  "",
  ':::definition{title="Carmichael number"}',
  "A composite $n$ with $a^{n-1} \\equiv 1 \\pmod n$ for every $a$ coprime to $n$ is a Carmichael number.",
  ":::",
  "",
  "The smallest Carmichael number is 561, found by Šimerka before Carmichael.",
  "",
  '::::exercise{title="The smallest one"}',
  "Check that 561 = 3 · 11 · 17 passes the test for base 2.",
  "",
  ":::hint",
  "Use the secretword of Korselt.",
  ":::",
  "::::",
].join("\n");

const FERMAT = [
  "Pierre de Fermat wrote to Frénicle in 1640 about powers and remainders, and the theorem he stated",
  "there is one of the most useful facts about prime moduli. It lets one reduce huge exponents, it is",
  "the root of the primality tests used today, and it explains why the decimal periods of fractions",
  "with a prime denominator divide one less than that prime. Later chapters use it again and again.",
  "",
  ':::theorem{title="Fermat\'s little theorem"}',
  "If $p$ is prime and $p \\nmid a$ then $a^{p-1} \\equiv 1 \\pmod p$.",
  ":::",
  "",
  "Its converse fails: Carmichael showed composites can pass it.",
].join("\n");

const PSEUDOPRIMES = [
  "A pseudoprime passes a test that primes pass. Carmichael numbers are pseudoprimes to every base;",
  "Carmichael numbers are rare, yet there are infinitely many Carmichael numbers.",
].join("\n");

const PRIMES = [
  ':::definition{title="Prime number"}',
  "A whole number greater than 1 whose only positive divisors are 1 and itself.",
  ":::",
].join("\n");

const titles = (hits: SearchHit[]) => hits.map((hit) => strip(hit.title));
const strip = (marked: string) => marked.replaceAll(MATCH_START, "").replaceAll(MATCH_END, "");

describe.each(testDialects)("search on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  beforeAll(async () => {
    const free = chapterSource("tests-and-primes", 1, [
      ["carmichael-numbers", "Carmichael numbers", CARMICHAEL],
      ["fermat", "Fermat's little theorem", FERMAT],
      ["primes", "Prime numbers", PRIMES],
    ]);
    const premium = { ...chapterSource("beyond", 2, [["pseudoprimes", "Pseudoprimes", PSEUDOPRIMES]]) };
    premium.access = "premium";
    await importChapters(database.db, [free, premium]);
    const chapter = await findChapterBySlug(database.db, "tests-and-primes");
    // A draft: never found until it is published.
    await createSection(database.db, {
      chapterId: chapter!.id,
      slug: "draft",
      title: "Draft about Carmichael",
      body: "Carmichael Carmichael Carmichael.",
      authorId: null,
    });
  });

  const search = async (query: string) => {
    await syncSearchIndex(database.db);
    return searchContent(database.db, query);
  };

  it("ranks title matches above mentions, and many mentions in a short text above one in a long text", async () => {
    const hits = await search("Carmichael");
    expect(titles(hits)).toEqual([
      expect.stringMatching(/^(Definition: Carmichael number|Carmichael numbers)$/),
      expect.stringMatching(/^(Definition: Carmichael number|Carmichael numbers)$/),
      "Pseudoprimes",
      // "Carmichael's λ(n)" once in a paragraph, against once in a section.
      "Prime factorization engine",
      "Fermat's little theorem",
    ]);
    expect(hits.find((hit) => hit.kind === "definition")).toMatchObject({
      title: `Definition: ${MATCH_START}Carmichael${MATCH_END} number`,
      href: "/chapter/tests-and-primes#carmichael-numbers-definition-carmichael-number",
      chapterTitle: "Title of tests-and-primes",
      premium: false,
    });
    expect(hits[2]).toMatchObject({ kind: "section", href: "/chapter/beyond#pseudoprimes", premium: true });
    expect(hits[2]!.snippet).toContain(`${MATCH_START}Carmichael${MATCH_END} numbers are pseudoprimes`);
  });

  it("finds a word from its start, by its stem, and only where every word is", async () => {
    expect(titles(await search("carmich"))).toEqual(titles(await search("carmichael")));
    // "primes" is read as "prime", so it finds the singular, and "primality" from its start.
    const primes = titles(await search("primes"));
    expect(primes.slice(0, 4).every((title) => /\bprime\b/i.test(title))).toBe(true);
    expect(primes).toEqual(expect.arrayContaining(["Definition: Prime number", "Fermat's little theorem"]));
    const both = await search("561 passes");
    expect(titles(both).sort()).toEqual(["Carmichael numbers", "Exercise 1: The smallest one"].sort());
    expect(both.find((hit) => hit.kind === "exercise")?.href).toBe(
      "/chapter/tests-and-primes#carmichael-numbers-exercise-the-smallest-one",
    );
    expect(titles(await search("the Fermat"))).toContain("Theorem: Fermat’s little theorem");
  });

  it("finds the tools, and never hints, answers or stop words", async () => {
    const tools = await search("factor");
    expect(tools[0]).toMatchObject({ kind: "tool", href: "/prime-factorization-engine", chapterTitle: null });
    expect(await search("secretword")).toEqual([]);
    expect(await search("the of and")).toEqual([]);
    expect(await search("   ")).toEqual([]);
  });

  it("takes any text without error: each dialect's query operators are plain characters", async () => {
    for (const query of ['"', "*", "NEAR(a b)", "-carmichael", "title:prime", "!&|():*", "'", "a OR b", "\\", "%_"]) {
      await expect(search(query)).resolves.toEqual(expect.any(Array));
    }
    expect(titles(await search('"carmichael" NOT*'))).toEqual(titles(await search("carmichael not")));
  });

  it("follows the content: a new revision, an unpublished chapter, a deleted section", async () => {
    const chapter = await findChapterBySlug(database.db, "tests-and-primes");
    const primes = (await listSections(database.db, chapter!.id)).find((section) => section.slug === "primes")!;
    const saved = await saveSection(database.db, {
      sectionId: primes.id,
      baseRevision: primes.currentRevision,
      title: "Prime numbers",
      body: "An atom of multiplication: a number with exactly two divisors.",
      authorId: null,
    });
    expect(saved.ok).toBe(true);
    expect(await syncSearchIndex(database.db)).toBe(1);
    expect(await syncSearchIndex(database.db)).toBe(0);
    expect(titles(await search("atom"))).toEqual(["Prime numbers"]);
    expect(titles(await search("whole greater"))).toEqual([]);

    const beyond = await findChapterBySlug(database.db, "beyond");
    await setChapterPublished(database.db, beyond!.id, false);
    expect(titles(await search("pseudoprime"))).toEqual([]);
    await setChapterPublished(database.db, beyond!.id, true);
    expect(titles(await search("pseudoprime"))).toEqual(["Pseudoprimes"]);

    await database.db.deleteFrom("sections").where("chapter_id", "=", beyond!.id).execute();
    expect(await search("pseudoprime")).toEqual([]);
    const left = await database.db
      .selectFrom("search_documents")
      .select("id")
      .where("title", "=", "Pseudoprimes")
      .execute();
    expect(left).toEqual([]);
  });

  it("keeps one row per document when two syncs run at once, and the tools once", async () => {
    await database.db.deleteFrom("search_documents").execute();
    await Promise.all([syncSearchIndex(database.db), syncSearchIndex(database.db)]);
    const tools = await database.db.selectFrom("search_documents").select("id").where("kind", "=", "tool").execute();
    expect(tools).toHaveLength(searchTools.length);
    expect(titles(await search("carmichael")).filter((title) => title === "Carmichael numbers")).toHaveLength(1);
  });
});
