import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { AdminActionButton, type Confirmation } from "#app/components/admin/admin-action-button";
import { DataTable, type ColumnSort, type DataColumn } from "#app/components/data-table";
import { Page } from "#app/components/page";
import {
  AdminActionError,
  disableUser,
  enableUser,
  grantAdmin,
  listAdminUsers,
  revokeAdmin,
  revokeUserSessions,
  UNKNOWN_USER_MESSAGE,
  type AdminActionOutcome,
  type AdminActionRefusal,
  type AdminUserRow,
} from "#app/models/admin-users.server";
import { findUserById } from "#app/models/user.server";
import { requireUser } from "#app/auth/access.server";
import {
  AUDIT_PATH,
  FIRST_DIRECTION,
  readUserListQuery,
  USER_SEARCH_MAX_LENGTH,
  USERS_PATH,
  userListHref,
  type SortDirection,
  type UserListQuery,
  type UserSort,
} from "#app/utils/admin-user-query";
import { getDatabase } from "#app/utils/db.server";
import { fieldErrors } from "#app/http/form.server";
import { formatUtc } from "#app/utils/format-date";
import { publicOidcProviders } from "#app/auth/oidc-config.server";
import type { Route } from "./+types/users";
import { countOf } from "#app/utils/plural";
import { formatDate } from "#app/utils/format-date";
import { readForm } from "#app/http/read-form.server";

export const meta: Route.MetaFunction = () => [{ title: "Users · Numberlab" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = requireUser(context);
  const { query, searchError } = readUserListQuery(new URL(request.url).searchParams);
  const list = await listAdminUsers(getDatabase().db, {
    search: query.q,
    sort: query.sort,
    direction: query.dir,
    page: query.page,
  });
  const providerNames = new Map(publicOidcProviders().map((provider) => [provider.id, provider.name]));
  const users = list.users.map((user) => ({
    ...user,
    signInMethods: {
      ...user.signInMethods,
      providers: user.signInMethods.providers.map((id) => providerNames.get(id) ?? id),
    },
  }));
  return {
    users,
    total: list.total,
    pageCount: list.pageCount,
    query: { ...query, page: list.page },
    searchError,
    myId: me.id,
  };
}

const INTENTS = ["grant-admin", "revoke-admin", "disable", "enable", "revoke-sessions"] as const;
type Intent = (typeof INTENTS)[number];

const actionSchema = z.object({
  intent: z.enum(INTENTS, { error: "Choose one of the actions in the table." }),
  userId: z.uuid({ error: "Choose an account from the table." }),
  confirmed: z.literal("yes", { error: "Confirm the action with the button in the dialog." }).optional(),
});

/** What a destructive action asks before it runs; null for the others. */
function confirmationFor(intent: Intent, email: string, self: boolean): Confirmation | null {
  switch (intent) {
    case "revoke-admin":
      return {
        title: self ? "Give up your administrator role?" : `Remove the administrator role from ${email}?`,
        text: self
          ? "You lose access to the admin pages at once. Another administrator can give the role back."
          : `${email} will no longer reach the admin pages. Their account and sessions stay as they are.`,
        confirmLabel: "Remove admin",
      };
    case "disable":
      return {
        title: `Disable ${email}?`,
        text: "They are signed out everywhere at once and cannot sign in until an administrator enables the account again.",
        confirmLabel: "Disable",
      };
    case "revoke-sessions":
      return {
        title: self ? "End all your sessions?" : `End every session of ${email}?`,
        text: self
          ? "You are signed out on every device, this one included, and must sign in again."
          : "They are signed out on every device and must sign in again. The account stays enabled.",
        confirmLabel: "End sessions",
      };
    default:
      return null;
  }
}

function outcomeMessage(intent: Intent, { target, changed, sessionsEnded }: AdminActionOutcome): string {
  const email = target.email;
  switch (intent) {
    case "grant-admin":
      return changed ? `${email} is now an administrator.` : `${email} already is an administrator.`;
    case "revoke-admin":
      return changed ? `${email} is no longer an administrator.` : `${email} is not an administrator.`;
    case "disable":
      return changed
        ? `${email} is disabled and was signed out (${countOf(sessionsEnded, "session")} ended).`
        : `${email} already is disabled.`;
    case "enable":
      return changed ? `${email} can sign in again.` : `${email} is not disabled.`;
    case "revoke-sessions":
      return changed ? `Ended ${countOf(sessionsEnded, "session")} of ${email}.` : `${email} has no sessions to end.`;
  }
}

const refusalStatus: Record<AdminActionRefusal, number> = {
  "unknown-user": 404,
  "last-admin": 409,
  "own-account": 409,
  "not-admin": 403,
};

const actions = {
  "grant-admin": grantAdmin,
  "revoke-admin": revokeAdmin,
  disable: disableUser,
  enable: enableUser,
  "revoke-sessions": revokeUserSessions,
} satisfies Record<Intent, (...args: Parameters<typeof grantAdmin>) => Promise<AdminActionOutcome>>;

export async function action({ request, context }: Route.ActionArgs) {
  const me = requireUser(context);
  const parsed = actionSchema.safeParse(await readForm(request));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data(
      { error: errors.intent ?? errors.userId ?? errors.confirmed ?? "This action is not valid." },
      { status: 400 },
    );
  }
  const { intent, userId, confirmed } = parsed.data;
  const { db } = getDatabase();
  const actor = { id: me.id, email: me.email };

  if (!confirmed) {
    // Without JavaScript there is no dialog: ask here, and change nothing yet.
    const target = await findUserById(db, userId);
    if (!target) return data({ error: UNKNOWN_USER_MESSAGE }, { status: 404 });
    const confirmation = confirmationFor(intent, target.email, target.id === me.id);
    if (confirmation) return { confirm: { ...confirmation, intent, userId } };
  }
  try {
    const outcome = await actions[intent](db, actor, userId);
    // Having given up the role or ended their own sessions, the admin can no longer see this page.
    if (userId === me.id && outcome.changed) {
      if (intent === "revoke-admin") return redirect("/profile");
      if (intent === "revoke-sessions") return redirect("/login");
    }
    return { done: { message: outcomeMessage(intent, outcome), changed: outcome.changed } };
  } catch (error) {
    if (error instanceof AdminActionError) {
      return data({ error: error.message }, { status: refusalStatus[error.reason] });
    }
    throw error;
  }
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { users, total, pageCount, query, searchError, myId } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const done = actionData && "done" in actionData ? actionData.done : null;
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : null;

  return (
    <Page
      title="Users"
      lead="Find accounts, change who administers the site, and disable or sign out accounts."
      maxWidth="xl"
    >
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 3, alignItems: { sm: "flex-end" } }}>
        <Box
          component={Form}
          method="get"
          action={USERS_PATH}
          sx={{ display: "flex", gap: 1, flexGrow: 1, maxWidth: 560 }}
        >
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
          <TextField
            name="q"
            type="search"
            label="Search by e-mail or name"
            size="small"
            defaultValue={query.q}
            error={Boolean(searchError)}
            helperText={searchError}
            fullWidth
            slotProps={{ htmlInput: { maxLength: USER_SEARCH_MAX_LENGTH } }}
          />
          <Button type="submit" variant="contained" sx={{ alignSelf: "flex-start", height: 40 }}>
            Search
          </Button>
        </Box>
        <Button
          component={Link}
          to={AUDIT_PATH}
          variant="outlined"
          color="inherit"
          sx={{ alignSelf: { xs: "flex-start", sm: "auto" } }}
        >
          Audit log
        </Button>
      </Stack>

      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {done && (
        <Alert severity={done.changed ? "success" : "info"} role="status" sx={{ mb: 2 }}>
          {done.message}
        </Alert>
      )}
      {confirm && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alertdialog" aria-labelledby="confirm-title">
          <Typography id="confirm-title" sx={{ fontWeight: 700 }}>
            {confirm.title}
          </Typography>
          <Typography sx={{ mb: 1.5 }}>{confirm.text}</Typography>
          <Stack direction="row" spacing={1} component={Form} method="post">
            <input type="hidden" name="intent" value={confirm.intent} />
            <input type="hidden" name="userId" value={confirm.userId} />
            <input type="hidden" name="confirmed" value="yes" />
            <Button type="submit" variant="contained" color="error" autoFocus>
              {confirm.confirmLabel}
            </Button>
            <Button component={Link} to={userListHref(query)} color="inherit">
              Cancel
            </Button>
          </Stack>
        </Alert>
      )}

      <Typography id="users-heading" variant="h6" component="h2" gutterBottom>
        {query.q ? `${countOf(total, "account")} matching “${query.q}”` : countOf(total, "account")}
      </Typography>
      <DataTable
        labelledBy="users-heading"
        namesTable
        rows={users}
        rowKey={(user) => user.id}
        hover
        empty={
          <Typography color="text.secondary">
            {query.q
              ? "No account matches this search. Try part of an address or a name."
              : "There are no accounts yet."}
          </Typography>
        }
        columns={userColumns(query, myId)}
        pagination={{
          page: query.page,
          pageCount,
          hrefFor: (page) => userListHref({ ...query, page }),
          label: "Pages of users",
        }}
      />
    </Page>
  );
}

/** A sortable column's header link: the list sorted by it, or the other way round when it already is. */
function sortBy(column: UserSort, query: UserListQuery): ColumnSort {
  const active = query.sort === column;
  const next: SortDirection = active ? (query.dir === "asc" ? "desc" : "asc") : FIRST_DIRECTION[column];
  return {
    active,
    direction: active ? query.dir : FIRST_DIRECTION[column],
    href: userListHref({ ...query, sort: column, dir: next, page: 1 }),
  };
}

/** An address that may wrap before the "@" rather than anywhere. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function signInMethods(user: AdminUserRow): string {
  const methods = [
    ...(user.signInMethods.password ? ["Password"] : []),
    ...user.signInMethods.providers,
    ...(user.signInMethods.passkeys > 0 ? [countOf(user.signInMethods.passkeys, "passkey")] : []),
  ];
  return methods.length > 0 ? methods.join(", ") : "None";
}

function userColumns(query: UserListQuery, myId: string): DataColumn<AdminUserRow>[] {
  return [
    {
      label: "E-mail",
      sort: sortBy("email", query),
      cellSx: { overflowWrap: "break-word" },
      cell: (user) => (
        <>
          <EmailAddress email={user.email} />
          {user.id === myId && (
            <Typography component="span" variant="body2" color="text.secondary">
              {" "}
              (you)
            </Typography>
          )}
        </>
      ),
    },
    {
      label: "Name",
      sort: sortBy("name", query),
      cellSx: { overflowWrap: "break-word" },
      cell: (user) =>
        user.displayName ?? (
          <Typography component="span" variant="body2" color="text.secondary">
            —
          </Typography>
        ),
    },
    {
      label: "Account",
      cell: (user) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Chip
            size="small"
            label={user.role === "admin" ? "Administrator" : "Learner"}
            color={user.role === "admin" ? "secondary" : "default"}
          />
          {user.disabledAt && <Chip size="small" label="Disabled" color="error" />}
          {!user.emailVerified && <Chip size="small" label="E-mail not verified" variant="outlined" />}
        </Stack>
      ),
    },
    {
      label: "Plan",
      cell: (user) => (
        <>
          {user.isPremium ? "Premium" : "Free"}
          {user.premiumUntil && (
            <Typography variant="body2" color="text.secondary">
              until {formatDate(user.premiumUntil)}
            </Typography>
          )}
        </>
      ),
    },
    { label: "Sign-in methods", cell: signInMethods },
    {
      label: "Last sign-in",
      sort: sortBy("lastSignIn", query),
      cell: (user) =>
        user.lastSignInAt ? <time dateTime={user.lastSignInAt}>{formatUtc(user.lastSignInAt)}</time> : "Never",
    },
    {
      label: "Created",
      sort: sortBy("created", query),
      cell: (user) => <time dateTime={user.createdAt}>{formatUtc(user.createdAt)}</time>,
    },
    { label: "Sessions", align: "right", cell: (user) => user.liveSessions },
    { label: "Actions", cell: (user) => <UserActions user={user} self={user.id === myId} /> },
  ];
}

function UserActions({ user, self }: { user: AdminUserRow; self: boolean }) {
  /** A row action, named with the account so each button says whose it is. */
  const action = (intent: Intent, label: string, color?: "error") => (
    <AdminActionButton
      intent={intent}
      userId={user.id}
      label={label}
      accessibleName={`${label} ${user.email}`}
      color={color}
      confirmation={confirmationFor(intent, user.email, self) ?? undefined}
    />
  );
  return (
    <Stack spacing={1} sx={{ minWidth: { sm: 130 } }}>
      {user.role === "admin" ? action("revoke-admin", "Remove admin") : action("grant-admin", "Make admin")}
      {user.disabledAt ? action("enable", "Enable") : !self && action("disable", "Disable", "error")}
      {user.liveSessions > 0 && action("revoke-sessions", "End sessions")}
      <Button
        component={Link}
        to={`${AUDIT_PATH}?${new URLSearchParams({ user: user.email })}`}
        size="small"
        fullWidth
        color="inherit"
        aria-label={`History ${user.email}`}
      >
        History
      </Button>
    </Stack>
  );
}
