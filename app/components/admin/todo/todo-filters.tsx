import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import { Link } from "react-router";
import { TODO_FILTER_LABELS, TODO_FILTERS, type TodoFilter } from "#app/models/todo-vocabulary";

interface TodoFiltersProps {
  current: TodoFilter;
  counts: Record<TodoFilter, number>;
  /** The list's address showing one view. */
  hrefFor(filter: TodoFilter): string;
}

/** The list's views as links, each with how many items it shows; the current one is marked for screen readers too. */
export function TodoFilters({ current, counts, hrefFor }: TodoFiltersProps) {
  return (
    <Stack
      component="nav"
      aria-label="Views of the list"
      direction="row"
      useFlexGap
      sx={{ flexWrap: "wrap", gap: 1, mb: 2 }}
    >
      {TODO_FILTERS.map((filter) => {
        const active = filter === current;
        return (
          <Chip
            key={filter}
            component={Link}
            to={hrefFor(filter)}
            clickable
            aria-current={active ? "page" : undefined}
            color={active ? "primary" : "default"}
            variant={active ? "filled" : "outlined"}
            label={`${TODO_FILTER_LABELS[filter]} (${counts[filter]})`}
          />
        );
      })}
    </Stack>
  );
}
