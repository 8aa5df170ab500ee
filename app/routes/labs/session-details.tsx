import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Page } from "#app/components/page";
import { listUserSessions } from "#app/models/session.server";
import { requireSessionId, requireUser } from "#app/auth/access.server";
import { getDatabase } from "#app/utils/db.server";
import { entitlementsFor, type Entitlements } from "#app/utils/entitlements";
import { formatUtc } from "#app/utils/format-date";
import type { Route } from "./+types/session-details";

export const meta: Route.MetaFunction = () => [{ title: "Session details · Numberlab" }];

/**
 * What the server knows about the current session, for checking access
 * rules. Only plain facts leave the server: never the session token, its
 * hash (the session's id) or the password hash.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const sessionId = requireSessionId(context);
  const session = (await listUserSessions(getDatabase().db, user.id)).find((candidate) => candidate.id === sessionId);
  return {
    user: {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
    },
    role: user.role,
    premiumUntil: user.premiumUntil,
    isPremium: user.isPremium,
    entitlements: entitlementsFor(user),
    session: session && {
      createdAt: session.createdAt,
      lastUsedAt: session.lastUsedAt,
      expiresAt: session.expiresAt,
      userAgent: session.userAgent,
    },
  };
}

const ENTITLEMENT_LABELS: Record<keyof Entitlements, string> = {
  adminArea: "Admin area",
  premiumChapters: "Premium chapters",
  unlimitedQuizzes: "Unlimited quizzes",
};

export default function UserInfo({ loaderData }: Route.ComponentProps) {
  const { user, role, premiumUntil, isPremium, entitlements, session } = loaderData;
  return (
    <Page
      title="Session details"
      lead="Who this session belongs to and what it may use. Secrets such as the session token never leave the server."
    >
      <Stack spacing={3}>
        <Section title="Account">
          <Fact term="User id">
            <Box component="code" sx={{ overflowWrap: "anywhere" }}>
              {user.id}
            </Box>
          </Fact>
          <Fact term="E-mail address">{user.email}</Fact>
          <Fact term="Display name">{user.displayName ?? "Not set"}</Fact>
          <Fact term="E-mail verified">{user.emailVerified ? "Yes" : "No"}</Fact>
          <Fact term="Created">
            <time dateTime={user.createdAt}>{formatUtc(user.createdAt)}</time>
          </Fact>
        </Section>

        <Section title="Role and plan">
          <Fact term="Role">{role === "admin" ? "Administrator" : "Learner"}</Fact>
          <Fact term="Plan">
            {isPremium ? "Premium" : "Free"}
            {premiumUntil && (
              <>
                {" until "}
                <time dateTime={premiumUntil}>{formatUtc(premiumUntil)}</time>
              </>
            )}
          </Fact>
        </Section>

        <Section title="Entitlements">
          {(Object.keys(ENTITLEMENT_LABELS) as (keyof Entitlements)[]).map((key) => (
            <Fact key={key} term={ENTITLEMENT_LABELS[key]}>
              <Chip
                size="small"
                label={entitlements[key] ? "Yes" : "No"}
                color={entitlements[key] ? "success" : "default"}
                variant={entitlements[key] ? "filled" : "outlined"}
              />
            </Fact>
          ))}
        </Section>

        <Section title="This session">
          {session ? (
            <>
              <Fact term="Started">
                <time dateTime={session.createdAt}>{formatUtc(session.createdAt)}</time>
              </Fact>
              <Fact term="Last used">
                <time dateTime={session.lastUsedAt}>{formatUtc(session.lastUsedAt)}</time>
              </Fact>
              <Fact term="Expires">
                <time dateTime={session.expiresAt}>{formatUtc(session.expiresAt)}</time>
              </Fact>
              <Fact term="Device">{session.userAgent ?? "Not known"}</Fact>
            </>
          ) : (
            <Fact term="State">This session has just ended.</Fact>
          )}
        </Section>
      </Stack>
    </Page>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "1fr", sm: "minmax(10rem, max-content) 1fr" },
          columnGap: 3,
          rowGap: { xs: 0.5, sm: 1.5 },
          m: 0,
          "& dt": { color: "text.secondary", mt: { xs: 1, sm: 0 } },
          "& dd": { m: 0, overflowWrap: "anywhere" },
        }}
      >
        {children}
      </Box>
    </Paper>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}
