import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import type { DataColumn } from "../data-table";
import { OrderingActions } from "./ordering-actions";
import { PublicationChip } from "./publication-controls";

/** An item's place in the course order, from 1. */
export const positionColumn: DataColumn<unknown> = { label: "#", cell: (_, index) => index + 1 };

/** An item's title, linking to its editor, over a line that says where readers find it. */
export function LinkedTitle({ to, title, detail }: { to: string; title: string; detail: string }) {
  return (
    <>
      <Link to={to}>{title}</Link>
      <Typography variant="body2" color="text.secondary">
        {detail}
      </Typography>
    </>
  );
}

/** Published or draft, as every content list shows it. */
export const stateColumn: DataColumn<{ published: boolean }> = {
  label: "State",
  cell: (item) => <PublicationChip size="small" published={item.published} />,
};

interface OrderedItem {
  id: string;
  title: string;
  published: boolean;
}

/** Up, Down and Publish or Unpublish for each item of an ordered list; `field` names the item in the posted form. */
export function orderingColumn<Item extends OrderedItem>(
  items: readonly Item[],
  field: "chapterId" | "sectionId",
): DataColumn<Item> {
  return {
    label: "Actions",
    cell: (item, index) => (
      <OrderingActions
        target={{ [field]: item.id }}
        title={item.title}
        published={item.published}
        first={index === 0}
        last={index === items.length - 1}
      />
    ),
  };
}
