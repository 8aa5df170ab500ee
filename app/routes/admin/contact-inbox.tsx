import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { MessageCard } from "#app/components/admin/message-card";
import { Page } from "#app/components/page";
import { formatUtc } from "#app/utils/format-date";
import { listContactMessages } from "#app/models/contact-message.server";
import { getDatabase } from "#app/utils/db.server";
import type { Route } from "./+types/contact-inbox";

export const meta: Route.MetaFunction = () => [{ title: "Messages · Numberlab" }];

export async function loader() {
  return { messages: await listContactMessages(getDatabase().db) };
}

export default function ContactInbox({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  return (
    <Page title="Messages" lead="What visitors sent through the contact form, newest first." maxWidth="lg">
      {messages.length === 0 && <Typography>No messages yet.</Typography>}
      <Stack spacing={2}>
        {messages.map((message) => (
          <MessageCard
            key={message.id}
            subject={message.subject}
            about={
              <>
                {message.name} ·{" "}
                <Link href={`mailto:${message.email}`} color="inherit">
                  {message.email}
                </Link>{" "}
                · <time dateTime={message.createdAt}>{formatUtc(message.createdAt)}</time>
              </>
            }
          >
            <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{message.message}</Typography>
          </MessageCard>
        ))}
      </Stack>
    </Page>
  );
}
