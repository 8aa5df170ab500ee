import { describe, expect, it } from "vitest";
import { fts5Match, searchTerms, tsQuery } from "./search-query";
import { MATCH_END, MATCH_START, markedPieces, withoutControlCharacters } from "#app/utils/search-marks";

describe("search terms", () => {
  it("keeps letters and digits, lowercase, without stop words, lone letters or repeats, at most 8", () => {
    expect(searchTerms("The Carmichael numbers of 561")).toEqual(["carmichael", "numbers", "561"]);
    expect(searchTerms("Fermat's little theorem, Fermat")).toEqual(["fermat", "little", "theorem"]);
    expect(searchTerms('"x" OR -y* NEAR(a, b) title:prime !&|')).toEqual(["near", "title", "prime"]);
    expect(searchTerms("Šimerka ＦＵＬＬ 2")).toEqual(["šimerka", "full", "2"]);
    expect(searchTerms("one two three four five six seven eight nine")).toHaveLength(8);
    expect(searchTerms("  the of  ")).toEqual([]);
  });

  it("writes each dialect's query with every term also as a prefix", () => {
    expect(fts5Match(["carmichael", "561"])).toBe('"carmichael"* "561"*');
    expect(tsQuery(["carmichael", "561"])).toBe("carmichael:* & 561:*");
  });
});

describe("marked pieces", () => {
  it("splits a marked text into matched and plain pieces", () => {
    expect(markedPieces(`Definition: ${MATCH_START}Carmichael${MATCH_END} number`)).toEqual([
      { text: "Definition: ", matched: false },
      { text: "Carmichael", matched: true },
      { text: " number", matched: false },
    ]);
    expect(markedPieces("plain")).toEqual([{ text: "plain", matched: false }]);
    expect(withoutControlCharacters(`a${MATCH_START}b\u0000c\td\ne`)).toBe("a b c\td\ne");
    expect(markedPieces(`${MATCH_START}a${MATCH_END}${MATCH_START}b${MATCH_END}`)).toEqual([
      { text: "a", matched: true },
      { text: "b", matched: true },
    ]);
  });
});
