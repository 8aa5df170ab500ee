import Pagination from "@mui/material/Pagination";
import PaginationItem from "@mui/material/PaginationItem";
import { Link } from "react-router";

export interface LinkPaginationProps {
  page: number;
  pageCount: number;
  /** The address of a page, keeping the list's other query parameters. */
  hrefFor: (page: number) => string;
  label: string;
}

/** Page links that work without JavaScript, since every page is its own address. */
export function LinkPagination({ page, pageCount, hrefFor, label }: LinkPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <Pagination
      page={page}
      count={pageCount}
      aria-label={label}
      sx={{ mt: 2, "& ul": { justifyContent: "center" } }}
      renderItem={(item) => <PaginationItem component={Link} to={hrefFor(item.page ?? page)} {...item} />}
    />
  );
}
