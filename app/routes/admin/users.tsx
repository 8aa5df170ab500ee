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
  type AdminBilling,
  type AdminSubscription,
  type AdminUserRow,
} from "#app/models/admin-users.server";
import {
  GRANT_REASON_MAX_LENGTH,
  grantComplimentaryPremium,
  listComplimentaryGrants,
  revokeComplimentaryPremium,
} from "#app/models/complimentary-grant.server";
import { findUserById } from "#app/models/user.server";
import { grantDateBounds, grantInput } from "#app/billing/complimentary-grant-input.server";
import { getPaymentProvider } from "#app/billing/provider.server";
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
import { fieldErrors, submittedText } from "#app/http/form.server";
import { formatUtc } from "#app/utils/format-date";
import { publicOidcProviders } from "#app/auth/oidc-config.server";
import type { Route } from "./+types/users";
import { countOf } from "#app/utils/plural";
import { formatDate } from "#app/utils/format-date";
import { now } from "#app/utils/clock";
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
  const payments = getPaymentProvider();
  const users = list.users.map((user) => ({
    ...user,
    signInMethods: {
      ...user.signInMethods,
      providers: user.signInMethods.providers.map((id) => providerNames.get(id) ?? id),
    },
    // A customer made under the other provider (before a switch to Stripe, say) has no page there.
    customerUrl:
      user.billing.customer?.provider === payments.name
        ? payments.customerDashboardUrl(user.billing.customer.customerId)
        : null,
  }));
  return {
    users,
    total: list.total,
    pageCount: list.pageCount,
    query: { ...query, page: list.page },
    searchError,
    myId: me.id,
    premium: await premiumPanel(new URL(request.url).searchParams.get(PREMIUM_PARAM)),
    grantLimits: { ...grantDateBounds(), reasonMaxLength: GRANT_REASON_MAX_LENGTH },
  };
}

/** ?premium=<user id> opens the complimentary-premium panel of that account above the table. */
const PREMIUM_PARAM = "premium";

function premiumHref(query: UserListQuery, userId: string): string {
  const list = userListHref(query);
  return `${list}${list.includes("?") ? "&" : "?"}${new URLSearchParams({ [PREMIUM_PARAM]: userId })}`;
}

/** The account's complimentary premium: its grants in force, to withdraw, and the form for a new one. */
async function premiumPanel(userId: string | null) {
  const id = z.uuid().safeParse(userId);
  if (!id.success) return null;
  const { db } = getDatabase();
  const user = await findUserById(db, id.data);
  if (!user) return null;
  const at = now().toISOString();
  const grants = (await listComplimentaryGrants(db, user.id)).filter(
    (grant) => grant.revokedAt === null && grant.until > at,
  );
  return {
    userId: user.id,
    email: user.email,
    premiumUntil: user.isPremium ? user.premiumUntil : null,
    grants: grants.map((grant) => ({ id: grant.id, until: grant.until, reason: grant.reason })),
  };
}

const ACCOUNT_INTENTS = ["grant-admin", "revoke-admin", "disable", "enable", "revoke-sessions"] as const;
type AccountIntent = (typeof ACCOUNT_INTENTS)[number];
const INTENTS = [...ACCOUNT_INTENTS, "grant-premium", "revoke-premium"] as const;

const actionSchema = z.object({
  intent: z.enum(INTENTS, { error: "Choose one of the actions in the table." }),
  userId: z.uuid({ error: "Choose an account from the table." }),
  confirmed: z.literal("yes", { error: "Confirm the action with the button in the dialog." }).optional(),
});

const grantIdSchema = z.uuid();

/** The fields of the complimentary-premium form, put back after an error. */
const GRANT_FIELDS = ["until", "reason"] as const;

/** Withdrawing a grant ends premium at once, unless a subscription or another grant goes on. */
function withdrawConfirmation(email: string, until: string): Confirmation {
  return {
    title: `Withdraw the complimentary premium of ${email}?`,
    text: `The grant until ${formatDate(until)} ends now. Premium stops at once unless a subscription or another grant keeps it; the withdrawal is in the audit log.`,
    confirmLabel: "Withdraw",
  };
}

/** What a destructive action asks before it runs; null for the others. */
function confirmationFor(intent: AccountIntent, email: string, self: boolean): Confirmation | null {
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

function outcomeMessage(intent: AccountIntent, { target, changed, sessionsEnded }: AdminActionOutcome): string {
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
} satisfies Record<AccountIntent, (...args: Parameters<typeof grantAdmin>) => Promise<AdminActionOutcome>>;

export async function action({ request, context }: Route.ActionArgs) {
  const me = requireUser(context);
  const values = await readForm(request);
  const parsed = actionSchema.safeParse(values);
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

  if (intent === "grant-premium") {
    const grant = grantInput.safeParse(values);
    if (!grant.success) {
      return data(
        { grantForm: { errors: fieldErrors(grant.error), values: submittedText(values, GRANT_FIELDS) } },
        { status: 400 },
      );
    }
    const target = await findUserById(db, userId);
    if (!target) return data({ error: UNKNOWN_USER_MESSAGE }, { status: 404 });
    await grantComplimentaryPremium(db, actor, { id: target.id, email: target.email }, grant.data);
    return {
      done: {
        message: `${target.email} has complimentary premium until ${formatDate(grant.data.until)}.`,
        changed: true,
      },
    };
  }
  if (intent === "revoke-premium") {
    const grantId = grantIdSchema.safeParse(values.grantId);
    if (!grantId.success) return data({ error: "Choose a grant from the list." }, { status: 400 });
    const target = await findUserById(db, userId);
    if (!target) return data({ error: UNKNOWN_USER_MESSAGE }, { status: 404 });
    const grant = (await listComplimentaryGrants(db, target.id)).find((candidate) => candidate.id === grantId.data);
    if (!confirmed && grant && grant.revokedAt === null) {
      return { confirm: { ...withdrawConfirmation(target.email, grant.until), intent, userId, grantId: grant.id } };
    }
    const revoked = await revokeComplimentaryPremium(db, actor, { id: target.id, email: target.email }, grantId.data);
    return {
      done: revoked
        ? { message: `Withdrew the complimentary premium of ${target.email}.`, changed: true }
        : {
            message: `This grant of ${target.email} was already withdrawn (or is not theirs): nothing changed.`,
            changed: false,
          },
    };
  }

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
  const { users, total, pageCount, query, searchError, myId, premium, grantLimits } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const done = actionData && "done" in actionData ? actionData.done : null;
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : null;
  const grantForm = actionData && "grantForm" in actionData ? actionData.grantForm : null;

  return (
    <Page
      title="Users"
      lead="Find accounts, see what they pay for, give complimentary premium, change who administers the site, and disable or sign out accounts."
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
            {"grantId" in confirm && <input type="hidden" name="grantId" value={confirm.grantId} />}
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

      {premium && (
        <PremiumPanel
          premium={premium}
          limits={grantLimits}
          form={grantForm}
          // A successful grant empties the form for the next one.
          formKey={done ? `done-${premium.grants.length}` : "form"}
          closeHref={userListHref(query)}
        />
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

type ListedUser = AdminUserRow & { customerUrl: string | null };

const PLAN_NAMES: Record<AdminBilling["plan"], string> = {
  monthly: "Monthly",
  yearly: "Yearly",
  complimentary: "Complimentary",
  free: "Free",
};

/** The subscription's state in a few words, with the date that matters in it. */
function subscriptionStateText(subscription: AdminSubscription): string {
  const on = (iso: string | null) => (iso ? ` ${formatDate(iso)}` : "");
  switch (subscription.phase) {
    case "trialing":
      return `Trial, ends${on(subscription.trialEnd ?? subscription.currentPeriodEnd)}`;
    case "active":
      return `Active, renews${on(subscription.currentPeriodEnd)}`;
    case "cancelling":
      return `Cancels on${on(subscription.currentPeriodEnd ?? subscription.trialEnd)}`;
    case "pausing":
      return `Active, pauses${on(subscription.pausedFrom)}${subscription.pausedUntil ? ` until${on(subscription.pausedUntil)}` : ""}`;
    case "paused":
      return `Paused${subscription.pausedUntil ? ` until${on(subscription.pausedUntil)}` : ""}`;
    case "past_due":
      return `Past due since${on(subscription.pastDueSince)}`;
    case "unpaid":
      return "Unpaid: payments failed";
    case "incomplete":
      return "First payment not made";
    case "cancelled":
      return `Cancelled${subscription.endedAt ? `, ended${on(subscription.endedAt)}` : ""}`;
    case "other":
      return "In a state this app does not know";
  }
}

function PlanCell({ user }: { user: ListedUser }) {
  const { plan, subscription, grants } = user.billing;
  return (
    <>
      {PLAN_NAMES[plan]}
      {subscription && (
        <Typography variant="body2" color="text.secondary">
          {subscriptionStateText(subscription)}
        </Typography>
      )}
      {/* Beside a subscription a grant needs its own line; alone, the plan and "Premium until" say it. */}
      {grants[0] && plan !== "complimentary" && (
        <Typography variant="body2" color="text.secondary">
          Complimentary until {formatDate(grants[0].until)}
        </Typography>
      )}
      {/* "Free" alone says it for an account that never paid; after a subscription, say where premium stands. */}
      {(user.isPremium || subscription) && (
        <Typography variant="body2" color="text.secondary">
          {user.isPremium && user.premiumUntil ? `Premium until ${formatDate(user.premiumUntil)}` : "No premium"}
        </Typography>
      )}
      {user.customerUrl && (
        <Typography variant="body2">
          <a
            href={user.customerUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Customer of ${user.email} at the payment provider (opens in a new tab)`}
          >
            Customer at the provider
          </a>
        </Typography>
      )}
    </>
  );
}

interface PremiumPanelProps {
  premium: {
    userId: string;
    email: string;
    premiumUntil: string | null;
    grants: { id: string; until: string; reason: string }[];
  };
  limits: { min: string; max: string; reasonMaxLength: number };
  form: { errors: Partial<Record<string, string>>; values: Record<string, string> } | null;
  formKey: string;
  closeHref: string;
}

/** One account's complimentary premium: the grants in force, each to withdraw, and a form for a new one. */
function PremiumPanel({ premium, limits, form, formKey, closeHref }: PremiumPanelProps) {
  return (
    <Box
      component="section"
      aria-labelledby="premium-heading"
      sx={{ mb: 3, p: 2, border: 1, borderColor: "divider", borderRadius: 1, maxWidth: 720 }}
    >
      <Typography id="premium-heading" variant="h6" component="h2">
        Complimentary premium for {premium.email}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {premium.premiumUntil ? `Premium now, until ${formatDate(premium.premiumUntil)}.` : "No premium now."} A grant
        gives premium without payment until the day chosen (00:00 UTC), apart from any subscription; giving and
        withdrawing one is in the audit log.
      </Typography>
      {premium.grants.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, mb: 2 }}>
          {premium.grants.map((grant) => (
            <Stack component="li" key={grant.id} direction="row" spacing={2} sx={{ alignItems: "center" }}>
              <Typography sx={{ flexGrow: 1 }}>
                Until {formatDate(grant.until)}: {grant.reason}
              </Typography>
              <Box sx={{ minWidth: 110 }}>
                <AdminActionButton
                  intent="revoke-premium"
                  userId={premium.userId}
                  fields={{ grantId: grant.id }}
                  label="Withdraw"
                  accessibleName={`Withdraw the grant until ${formatDate(grant.until)}`}
                  color="error"
                  confirmation={withdrawConfirmation(premium.email, grant.until)}
                />
              </Box>
            </Stack>
          ))}
        </Stack>
      )}
      <Stack key={formKey} component={Form} method="post" spacing={2} noValidate>
        <input type="hidden" name="intent" value="grant-premium" />
        <input type="hidden" name="userId" value={premium.userId} />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            name="until"
            type="date"
            label="Premium until"
            size="small"
            required
            defaultValue={form?.values.until ?? ""}
            error={Boolean(form?.errors.until)}
            helperText={form?.errors.until ?? `From ${limits.min} to ${limits.max}.`}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: limits.min, max: limits.max } }}
          />
          <TextField
            name="reason"
            label="Reason"
            size="small"
            required
            fullWidth
            defaultValue={form?.values.reason ?? ""}
            error={Boolean(form?.errors.reason)}
            helperText={form?.errors.reason ?? "Why, for the audit log: a teacher, a prize, a refund by hand…"}
            slotProps={{ htmlInput: { maxLength: limits.reasonMaxLength } }}
          />
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained">
            Give premium
          </Button>
          <Button component={Link} to={closeHref} color="inherit">
            Close
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

function userColumns(query: UserListQuery, myId: string): DataColumn<ListedUser>[] {
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
    { label: "Plan", cell: (user) => <PlanCell user={user} /> },
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
    {
      label: "Actions",
      cell: (user) => <UserActions user={user} self={user.id === myId} premiumHref={premiumHref(query, user.id)} />,
    },
  ];
}

function UserActions({ user, self, premiumHref }: { user: AdminUserRow; self: boolean; premiumHref: string }) {
  /** A row action, named with the account so each button says whose it is. */
  const action = (intent: AccountIntent, label: string, color?: "error") => (
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
        to={premiumHref}
        size="small"
        variant="outlined"
        fullWidth
        color="inherit"
        aria-label={`Premium ${user.email}`}
      >
        Premium
      </Button>
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
