import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { Form, Link, type ShouldRevalidateFunction } from "react-router";
import { DetailsSection } from "#app/components/account/details-section";
import { IdentitiesSection } from "#app/components/account/identities-section";
import { PasskeysSection } from "#app/components/account/passkeys-section";
import { PasswordSection } from "#app/components/account/password-section";
import { PlanSection } from "#app/components/account/plan-section";
import { loadPlanSection, PORTAL_UNAVAILABLE_PARAM } from "#app/billing/manage-plan.server";
import { getPaymentProvider } from "#app/billing/provider.server";
import { PreferencesSection } from "#app/components/account/preferences-section";
import { PrivacySection } from "#app/components/account/privacy-section";
import { NotificationsSection } from "#app/components/account/notifications-section";
import { loadNotificationsSection } from "#app/push/notification-profile.server";
import { pushDeviceOf } from "#app/push/push-device.server";
import { ProfileSection } from "#app/components/account/profile-section";
import { ReadingProgress } from "#app/components/account/reading-progress";
import { readingPlace } from "#app/course/reading-place.server";
import { skillsOfChapter } from "#core/quiz/skills";
import { QuizMastery } from "#app/components/quiz/quiz-mastery";
import { DailyGoalForm } from "#app/components/course/daily-goal-form";
import { DailyGoalSummary } from "#app/components/course/daily-goal-summary";
import { dailyRhythmOf } from "#app/course/daily-rhythm.server";
import { learnerMastery } from "#app/quiz/quiz-start.server";
import { SessionsSection } from "#app/components/account/sessions-section";
import { Page } from "#app/components/page";
import { listUserSessions } from "#app/models/session.server";
import { findSignInMethods } from "#app/models/sign-in-methods.server";
import { DEFAULT_PREFERENCES } from "#app/models/preferences";
import { userLabel } from "#app/models/user.server";
import { readColorSchemeCookie } from "#app/theme/color-scheme";
import { requireSessionId, requireUser } from "#app/auth/access.server";
import { getDatabase } from "#app/utils/db.server";
import { deviceLabel } from "#app/auth/device-label";
import { PASSWORD_MIN_LENGTH } from "#app/auth/password-rules";
import { identitiesSection } from "#app/auth/linked-identities.server";
import { loadPasskeysSection } from "#app/auth/passkeys.server";
import { handleProfileAction } from "#app/account/profile-actions.server";
import { DISPLAY_NAME_MAX_LENGTH } from "#app/account/profile-rules";
import { serverInfoContext } from "#app/http/request-context";
import type { Route } from "./+types/profile";
import { isoNow } from "#app/utils/clock";
import { entitlementsFor } from "#app/utils/entitlements";
import { readForm } from "#app/http/read-form.server";

export const meta: Route.MetaFunction = () => [{ title: "Profile · Numberlab" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const sessionId = requireSessionId(context);
  const { db } = getDatabase();
  const [sessions, methods, { chapters: progress, place }, { masteries }, plan] = await Promise.all([
    listUserSessions(db, user.id),
    findSignInMethods(db, user.id),
    readingPlace(db, user.id),
    learnerMastery(db, user.id),
    loadPlanSection(db, getPaymentProvider(), user),
  ]);
  const [identities, passkeys, notifications, rhythm] = await Promise.all([
    identitiesSection(db, user.id, methods, new URL(request.url)),
    loadPasskeysSection(db, user.id, methods),
    loadNotificationsSection(db, user.id, sessionId),
    dailyRhythmOf(db, user.id),
  ]);
  return {
    account: {
      email: user.email,
      displayName: user.displayName,
      label: userLabel(user),
      emailVerified: user.emailVerified,
      role: user.role,
      isPremium: user.isPremium,
      entitlements: entitlementsFor(user),
      createdAt: user.createdAt,
      hasPassword: methods.password,
    },
    // Until preferences are saved, the form shows the theme this browser uses now.
    preferences: user.preferences ?? {
      ...DEFAULT_PREFERENCES,
      theme: readColorSchemeCookie(request.headers.get("Cookie")),
    },
    plan,
    portalUnavailable: new URL(request.url).searchParams.get(PORTAL_UNAVAILABLE_PARAM) === "unavailable",
    identities,
    passkeys,
    notifications: { ...notifications, device: pushDeviceOf(sessionId, user.id) ?? "" },
    progress: progress.map(({ slug, title, read, total }) => ({ slug, title, read, total })),
    place,
    // Skills the learner has answered questions on, grouped under their chapters.
    mastery: progress
      .map(({ slug, title }) => ({
        slug,
        title,
        skills: skillsOfChapter(slug).flatMap((skill) => {
          const mastery = masteries.find((m) => m.skillId === skill.id);
          return mastery && mastery.level !== "new" ? [{ ...mastery, title: skill.title }] : [];
        }),
      }))
      .filter((chapter) => chapter.skills.length > 0),
    now: isoNow(),
    rhythm,
    sessions: sessions.map((session) => ({
      id: session.id,
      device: deviceLabel(session.userAgent),
      createdAt: session.createdAt,
      lastUsedAt: session.lastUsedAt,
      current: session.id === sessionId,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const values = await readForm(request);
  return handleProfileAction(request, user, requireSessionId(context), values, context.get(serverInfoContext).isSecure);
}

/**
 * A plan change refused because the plan changed meanwhile (409: in the portal, in another tab) reads the
 * page again, so "Your plan" shows the plan as it is now, as the refusal says it does. React Router reads
 * no data again after an error status by default.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { account, preferences, identities, passkeys, sessions, progress, place, mastery, now, rhythm } = loaderData;
  const { notifications } = loaderData;
  const { plan, portalUnavailable } = loaderData;
  return (
    <Page title="Your profile" lead={`Signed in as ${account.label}`}>
      <Stack spacing={3}>
        <PlanSection
          role={account.role === "admin" ? "admin" : "learner"}
          isPremium={account.isPremium}
          everythingOpen={account.entitlements.premiumChapters}
          memberSince={account.createdAt}
          portalUnavailable={portalUnavailable}
          plan={plan}
        />

        {account.entitlements.adminArea && (
          <ProfileSection
            id="administration"
            title="Administration"
            description="Users, content, messages, settings and the admin labs, all from one menu."
          >
            <Button component={Link} to="/admin" variant="outlined" color="inherit">
              Open the admin area
            </Button>
          </ProfileSection>
        )}

        <ProfileSection
          id="daily-goal"
          title="Daily goal"
          description="A little every day is how maths sticks. Choose what a day of practice means for you; a missed day now and then is fine."
        >
          <Stack spacing={3}>
            {rhythm && <DailyGoalSummary rhythm={rhythm} />}
            <DailyGoalForm rhythm={rhythm} timeZone="UTC" />
          </Stack>
        </ProfileSection>

        <ProfileSection id="progress" title="Learning progress">
          <ReadingProgress chapters={progress} place={place} />
          <QuizMastery chapters={mastery} now={now} />
        </ProfileSection>

        <DetailsSection
          email={account.email}
          displayName={account.displayName}
          emailVerified={account.emailVerified}
          hasPassword={account.hasPassword}
          displayNameMaxLength={DISPLAY_NAME_MAX_LENGTH}
        />
        <PasswordSection email={account.email} hasPassword={account.hasPassword} minLength={PASSWORD_MIN_LENGTH} />
        <PasskeysSection {...passkeys} />
        <IdentitiesSection {...identities} />
        <SessionsSection sessions={sessions} />
        <NotificationsSection {...notifications} />
        <PreferencesSection preferences={preferences} />
        <PrivacySection analytics={preferences.analytics} />

        <ProfileSection
          id="your-data"
          title="Your data"
          description="Download everything Numberlab stores about you, or delete your account."
        >
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <Button href="/profile/export" variant="outlined" color="inherit" download>
              Export my data (JSON)
            </Button>
            <Button component={Link} to="/profile/delete" variant="outlined" color="error">
              Delete my account…
            </Button>
          </Stack>
        </ProfileSection>

        <Form method="post" action="/logout">
          <Button type="submit" variant="outlined" color="inherit">
            Log out
          </Button>
        </Form>
      </Stack>
    </Page>
  );
}
