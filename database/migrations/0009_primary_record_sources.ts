import { isDeepStrictEqual } from "node:util";
import { sql, type Kysely } from "kysely";

/**
 * Primary sources for records seeded from content/prime-records.json before they were cited: a GIMPS
 * press release, a GIMPS newsletter and the Prime Pages in place of forum reposts and an aggregator's
 * copy. Records are seeded once (decision 0010), so a database made earlier still shows the old
 * sources: each record is given a new revision with the new source, but only while its current
 * revision is still exactly what the seed imported. A record an admin has edited is left alone.
 */
export const SEEDED_SOURCE_CHANGES: {
  kind: "mersenne" | "largest" | "form";
  naturalKey: string;
  seeded: object;
  source: string;
}[] = [
  {
    kind: "mersenne",
    naturalKey: "1398269",
    seeded: {
      exponent: 1398269,
      digits: 420921,
      year: 1996,
      discoverer: "Joel Armengaud",
      project: "GIMPS",
      program: null,
      test: "Lucas–Lehmer (Pentium, 90 MHz)",
      source:
        "Chris K. Caldwell, Mersenne Primes: History, Theorems and Lists (table of known Mersenne primes), PrimePages, https://t5k.org/mersenne/index.html; Chris K. Caldwell, The Largest Known Prime by Year: A Brief History, PrimePages, https://t5k.org/notes/by_year.html; https://t5k.org/notes/1398269/",
    },
    source:
      "Chris K. Caldwell, Mersenne Primes: History, Theorems and Lists (table of known Mersenne primes), PrimePages, https://t5k.org/mersenne/index.html; Chris K. Caldwell, The Largest Known Prime by Year: A Brief History, PrimePages, https://t5k.org/notes/by_year.html; https://t5k.org/notes/1398269/; GIMPS, The Mersenne Newsletter #8, 23 November 1996 (found by Joel Armengaud on 13 November 1996), http://www.mersenne.org/newsletters/news8.txt",
  },
  {
    kind: "mersenne",
    naturalKey: "32582657",
    seeded: {
      exponent: 32582657,
      digits: 9808358,
      year: 2006,
      discoverer: "Curtis Cooper & Steven Boone",
      project: "GIMPS",
      program: "Prime95",
      test: "Lucas–Lehmer (Pentium 4, 3 GHz)",
      source:
        "Chris K. Caldwell, Mersenne Primes: History, Theorems and Lists (table of known Mersenne primes), PrimePages, https://t5k.org/mersenne/index.html; Chris K. Caldwell, The Largest Known Prime by Year: A Brief History, PrimePages, https://t5k.org/notes/by_year.html; GIMPS announcement as reposted at http://www.Free-DC.org//archive/index.php/t-11663.html; program named in http://2math.blogspot.com/2006/09",
    },
    source:
      "Chris K. Caldwell, Mersenne Primes: History, Theorems and Lists (table of known Mersenne primes), PrimePages, https://t5k.org/mersenne/index.html; Chris K. Caldwell, The Largest Known Prime by Year: A Brief History, PrimePages, https://t5k.org/notes/by_year.html; GIMPS press release of 11 September 2006 (found on 4 September 2006), https://mersenne.org/various/32582657.htm; program named in http://2math.blogspot.com/2006/09",
  },
  {
    kind: "mersenne",
    naturalKey: "77232917",
    seeded: {
      exponent: 77232917,
      digits: 23249425,
      year: 2017,
      discoverer: "Jonathan Pace",
      project: "GIMPS",
      program: "Prime95",
      test: "Lucas–Lehmer (Intel i5-6600)",
      source:
        "Chris K. Caldwell, Mersenne Primes: History, Theorems and Lists (table of known Mersenne primes), PrimePages, https://t5k.org/mersenne/index.html; GIMPS press release of 3 January 2018 (find made 26 December 2017) as reposted at https://www.democraticunderground.com/122855186; program named at https://techwarrant.com/gimps-project-finds-longest-prime-number-to-date; table credits 'Woltman (prime95)'",
    },
    source:
      "Chris K. Caldwell, Mersenne Primes: History, Theorems and Lists (table of known Mersenne primes), PrimePages, https://t5k.org/mersenne/index.html; announced by GIMPS on 3 January 2018; the find was made on 26 December 2017 (Guinness World Records, https://www.guinnessworldrecords.com/world-records/largest-known-prime-number); program named at https://techwarrant.com/gimps-project-finds-longest-prime-number-to-date; table credits 'Woltman (prime95)'",
  },
  {
    kind: "mersenne",
    naturalKey: "136279841",
    seeded: {
      exponent: 136279841,
      digits: 41024320,
      year: 2024,
      discoverer: "Luke Durant",
      project: "GIMPS",
      program: null,
      test: "Fermat PRP (NVIDIA A100), then Lucas–Lehmer (NVIDIA H100)",
      source:
        "Chris K. Caldwell, Mersenne Primes: History, Theorems and Lists (table of known Mersenne primes), PrimePages, https://t5k.org/mersenne/index.html; Chris K. Caldwell, The Largest Known Prime by Year: A Brief History, PrimePages, https://t5k.org/notes/by_year.html; GIMPS press release of 21 October 2024 (find made 12 October 2024) as reposted at https://flashback.org/t3636592; test and hardware from https://heise.de/en/news/M136279841-New-largest-known-Mersenne-prime-number-confirmed-with-GPU-9989146.html",
    },
    source:
      "Chris K. Caldwell, Mersenne Primes: History, Theorems and Lists (table of known Mersenne primes), PrimePages, https://t5k.org/mersenne/index.html; Chris K. Caldwell, The Largest Known Prime by Year: A Brief History, PrimePages, https://t5k.org/notes/by_year.html; announced by GIMPS on 21 October 2024 (proved prime on 12 October 2024); test and hardware from the news report https://heise.de/en/news/M136279841-New-largest-known-Mersenne-prime-number-confirmed-with-GPU-9989146.html",
  },
  {
    kind: "largest",
    naturalKey: "391581 · 2^216193 − 1",
    seeded: {
      year: 1989,
      number: "391581 · 2^216193 − 1",
      digits: 65087,
      discoverer: "Amdahl Six: J. Brown, L. C. Noll, B. Parady, G. Smith, J. Smith, S. Zarantonello",
      form: "other",
      source:
        "Chris K. Caldwell, The Largest Known Prime by Year: A Brief History, PrimePages, https://t5k.org/notes/by_year.html (Table 2, Amdahl 1200); Science News, 16 September 1989, https://www.thefreelibrary.com/Computing+a+prime+champion.-a07951681",
    },
    source:
      "Chris K. Caldwell, The Largest Known Prime by Year: A Brief History, PrimePages, https://t5k.org/notes/by_year.html (Table 2, Amdahl 1200); the team as the Prime Pages name it, Curt Noll's Primes, https://t5k.org/bios/includes/nollnote.php; Science News, 16 September 1989, 'Computing a prime champion'",
  },
  {
    kind: "largest",
    naturalKey: "2^136279841 − 1",
    seeded: {
      year: 2024,
      number: "2^136279841 − 1",
      digits: 41024320,
      discoverer: "Luke Durant (GIMPS)",
      form: "Mersenne",
      source:
        "Chris K. Caldwell, The Largest Known Prime by Year: A Brief History, PrimePages, https://t5k.org/notes/by_year.html (Table 2); GIMPS press release of 21 October 2024 as reposted at https://flashback.org/t3636592",
    },
    source:
      "Chris K. Caldwell, The Largest Known Prime by Year: A Brief History, PrimePages, https://t5k.org/notes/by_year.html (Table 2); announced by GIMPS on 21 October 2024",
  },
];

interface Row {
  id: string;
  current_revision: number | string;
  content: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  for (const change of SEEDED_SOURCE_CHANGES) {
    const { rows } = await sql<Row>`
      select r.id, r.current_revision, v.content
      from prime_records r
      join prime_record_revisions v on v.record_id = r.id and v.number = r.current_revision
      where r.kind = ${change.kind} and r.natural_key = ${change.naturalKey}`.execute(db);
    const record = rows[0];
    if (!record || !isDeepStrictEqual(JSON.parse(record.content), change.seeded)) continue;
    const current = Number(record.current_revision);
    await sql`
      insert into prime_record_revisions (id, record_id, number, content, source, based_on, author_id, created_at)
      values (${crypto.randomUUID()}, ${record.id}, ${current + 1}, ${JSON.stringify({ ...change.seeded, source: change.source })},
              'import', ${current}, null, ${now})`.execute(db);
    await sql`
      update prime_records set current_revision = ${current + 1}, updated_at = ${now}
      where id = ${record.id}`.execute(db);
  }
}

/** Nothing to undo: the new revisions are history, and the previous one can be restored in /admin/content. */
export async function down(): Promise<void> {}
