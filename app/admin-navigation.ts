import { labPath, labsFor } from "./labs";

/**
 * The admin area's one navigation: the side menu of every admin page and the overview at /admin
 * both read this list, so a section added here is linked everywhere at once.
 */
export interface AdminSection {
  to: string;
  label: string;
  /** One sentence for the overview at /admin. */
  description: string;
}

export interface AdminSectionGroup {
  id: string;
  label: string;
  sections: AdminSection[];
}

export const ADMIN_HOME = "/admin";

export const adminOverview: AdminSection = {
  to: ADMIN_HOME,
  label: "Overview",
  description: "Every admin section in one place.",
};

export const adminSectionGroups: AdminSectionGroup[] = [
  {
    id: "insight",
    label: "Insight",
    sections: [
      { to: "/admin/admin", label: "Dashboard", description: "Users, subscriptions and usage at a glance." },
      {
        to: "/admin/admin2",
        label: "Analytics",
        description: "How learners use the site in depth: pages, tools, quizzes and retention.",
      },
    ],
  },
  {
    id: "people",
    label: "People",
    sections: [
      {
        to: "/admin/adminUser",
        label: "Users",
        description: "Find accounts, change roles, disable sign-in, end sessions and see subscriptions.",
      },
      {
        to: "/admin/adminUser/audit",
        label: "Audit log",
        description: "Every administrator action: who did what, and when.",
      },
      {
        to: "/admin/adminMessage",
        label: "Messages",
        description: "What visitors sent through the contact form, newest first.",
      },
      {
        to: "/admin/mailbox",
        label: "Mailbox",
        description:
          "E-mails the site sent while no mail server was configured: confirmation, reset and sign-in links, receipts and the other plan mails.",
      },
      {
        to: "/admin/sendNotification",
        label: "Send a notification",
        description: "A web push to everyone or a segment, with a test send and a delivery report.",
      },
    ],
  },
  {
    id: "content",
    label: "Content",
    sections: [
      {
        to: "/admin/content",
        label: "Content",
        description: "Chapters, sections, quiz questions and prime records, edited with live preview and revisions.",
      },
      {
        to: "/admin/generate",
        label: "Generate questions",
        description: "Quiz questions and printable problem sets made from the templates.",
      },
      {
        to: "/admin/adminia",
        label: "Content assistant",
        description: "Draft lesson or quiz text with an OpenAI-compatible model, when one is configured.",
      },
    ],
  },
  {
    id: "settings",
    label: "Running the site",
    sections: [
      {
        to: "/admin/application",
        label: "Settings",
        description: "Prices, free chapters, feature flags and the maintenance banner.",
      },
      { to: "/admin/todo", label: "Todo", description: "The team's todo list." },
    ],
  },
];

/** The labs group of the menu: the index of every lab, then the labs only admins may open. */
export const adminLabLinks: AdminSection[] = [
  { to: "/tests", label: "All labs", description: "Every lab, public and admin-only, with a picture of each." },
  ...labsFor("admin").map((lab) => ({ to: labPath(lab), label: lab.title, description: lab.sentence })),
];

/** Every entry of the menu, in its order. */
export const adminMenuEntries: AdminSection[] = [
  adminOverview,
  ...adminSectionGroups.flatMap((group) => group.sections),
  ...adminLabLinks,
];

/**
 * The menu entry a path belongs to: the longest entry that is the path or a folder above it, so
 * /admin/content/primes stays under Content and /admin/adminUser/audit is the audit log, not Users.
 */
export function currentAdminEntry(pathname: string): AdminSection | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return adminMenuEntries
    .filter(({ to }) => path === to || (to !== ADMIN_HOME && path.startsWith(`${to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0];
}
