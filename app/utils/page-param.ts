import { z } from "zod";

/** Far beyond any real list, so an edited address cannot ask the database for a huge offset. */
const MAX_PAGE = 1_000_000;

const pageSchema = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);

/** The `page` of a paginated list's address; anything that is not a page number means the first page. */
export function readPageParam(params: URLSearchParams): number {
  return pageSchema.parse(params.get("page") ?? undefined);
}
