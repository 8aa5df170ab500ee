import records from "#content/prime-records.json";
import { primeRecordsSchema, type PrimeRecords } from "#core/primes/prime-records";

/** The records of content/prime-records.json (the seed of the database's), checked against their schema once. */
let parsed: PrimeRecords | null = null;

export function primeRecords(): PrimeRecords {
  parsed ??= primeRecordsSchema.parse(records);
  return parsed;
}

/** The web addresses a record's source names, in order. */
export function sourceAddresses(source: string): string[] {
  return [...new Set(source.match(/https?:\/\/[^\s;,)'"]+/g) ?? [])].map((address) => address.replace(/\.$/, ""));
}
