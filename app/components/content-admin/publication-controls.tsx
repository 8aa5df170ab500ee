import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import { Form } from "react-router";

/** "Published" or "Draft", as every content list shows it. */
export function PublicationChip({ published, size }: { published: boolean; size?: "small" | "medium" }) {
  return <Chip size={size} label={published ? "Published" : "Draft"} color={published ? "success" : "default"} />;
}

/** A form posting intent "publish" or "unpublish" to the page's action, beside the item's state. */
export function PublishToggle({ published }: { published: boolean }) {
  return (
    <>
      <Form method="post">
        <Button
          type="submit"
          name="intent"
          value={published ? "unpublish" : "publish"}
          variant={published ? "outlined" : "contained"}
          color={published ? "inherit" : "primary"}
        >
          {published ? "Unpublish" : "Publish"}
        </Button>
      </Form>
      <PublicationChip published={published} />
    </>
  );
}
