import Box from "@mui/material/Box";
import { Outlet, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminMenu } from "#app/components/admin-menu";
import { countUnreadContactMessages } from "#app/models/contact-message.server";
import { getDatabase } from "#app/utils/db.server";
import { INBOX_PATH } from "#app/utils/inbox-query";
import type { Route } from "./+types/admin-layout";

/** What the menu counts beside its entries: the unread messages in the inbox. */
export async function loader() {
  const unread = await countUnreadContactMessages(getDatabase().db);
  return { menuCounts: { [INBOX_PATH]: unread > 0 ? { count: unread, label: "unread" } : undefined } };
}

/** Opening or leaving a message changes the unread count, so the menu reads it again then too. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const inInbox = (url: URL) => url.pathname.startsWith(INBOX_PATH);
  return defaultShouldRevalidate || inInbox(currentUrl) || inInbox(nextUrl);
}

/** Layout route of every admin page and admin lab: the admin menu beside (or above) the page. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "13rem minmax(0, 1fr)" },
        alignItems: "start",
      }}
    >
      <AdminMenu pathname={pathname} counts={loaderData.menuCounts} />
      <Box sx={{ minWidth: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
