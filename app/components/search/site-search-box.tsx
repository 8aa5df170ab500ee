import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import { Form, Link, useLocation, useSearchParams } from "react-router";
import { MAX_QUERY_LENGTH } from "#app/search/search-query";

/**
 * The shell's search: a form that opens /search?q=… (it works without JavaScript). Where the app bar has
 * no room for a field (phones, and from lg, where the navigation is inline, until xl) a button opens the
 * search page and its field. Plain elements with a few styles: the app bar is in every page's HTML, and a
 * chapter's HTML has a budget (page-budgets.spec.ts).
 */
export function SiteSearchBox() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === "/search" ? (params.get("q") ?? "") : "";
  return (
    <>
      <Box
        component={Form}
        method="get"
        action="/search"
        role="search"
        aria-label="Site"
        // Keyed by the query so the field shows the search of the page it is on.
        key={current}
        sx={{
          display: { xs: "none", md: "flex", lg: "none", xl: "flex" },
          alignItems: "center",
          gap: 0.5,
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          pl: 1,
          width: { md: 200, xl: 280 },
          color: "text.secondary",
          "&:focus-within": {
            outline: (theme) => `2px solid ${theme.vars?.palette.primary.main}`,
            outlineOffset: 1,
          },
        }}
      >
        <SearchIcon fontSize="small" aria-hidden />
        <Box
          component="input"
          name="q"
          type="search"
          defaultValue={current}
          placeholder="Search"
          aria-label="Search the course and tools"
          maxLength={MAX_QUERY_LENGTH}
          sx={{
            flex: 1,
            minWidth: 0,
            border: 0,
            outline: 0,
            bgcolor: "transparent",
            color: "text.primary",
            font: "inherit",
            py: 0.75,
          }}
        />
      </Box>
      <Box
        component={Link}
        to="/search"
        aria-label="Search"
        sx={{
          display: { xs: "inline-flex", md: "none", lg: "inline-flex", xl: "none" },
          p: 1,
          color: "inherit",
          borderRadius: "50%",
        }}
      >
        <SearchIcon />
      </Box>
    </>
  );
}
