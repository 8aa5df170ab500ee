import Button from "@mui/material/Button";
import { Form } from "react-router";

interface OrderingActionsProps {
  /** The hidden field that names the row, e.g. { chapterId: "…" }. */
  target: Record<string, string>;
  title: string;
  published: boolean;
  first: boolean;
  last: boolean;
}

/** Up, Down and Publish or Unpublish for one chapter or section: each a small POST form with an intent. */
export function OrderingActions({ target, title, published, first, last }: OrderingActionsProps) {
  const actions = [
    ...(first ? [] : [{ intent: "move-up", label: "Up", name: `Move ${title} up` }]),
    ...(last ? [] : [{ intent: "move-down", label: "Down", name: `Move ${title} down` }]),
    published
      ? { intent: "unpublish", label: "Unpublish", name: `Unpublish ${title}` }
      : { intent: "publish", label: "Publish", name: `Publish ${title}` },
  ];
  return actions.map((action) => (
    <Form method="post" style={{ display: "inline" }} key={action.intent}>
      {Object.entries(target).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <Button type="submit" name="intent" value={action.intent} size="small" color="inherit" aria-label={action.name}>
        {action.label}
      </Button>
    </Form>
  ));
}
