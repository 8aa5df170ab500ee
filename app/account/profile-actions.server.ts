import { data } from "react-router";
import { z } from "zod";
import { deleteOtherSessions, deleteUserSession } from "../models/session.server";
import { colorSchemeCookie, readColorSchemeCookie } from "../theme/color-scheme";
import { colorSchemeModes } from "../utils/color-scheme-mode";
import { normalizeEmail, setDisplayName, setPasswordHash, setPreferences, type User } from "../models/user.server";
import { requestEmailChange, requestEmailVerification } from "../auth/account-email.server";
import { newPasswordProblem } from "../auth/common-passwords.server";
import { getDatabase } from "../utils/db.server";
import { emailField, fieldErrors, type FieldErrors } from "../http/form.server";
import { publicOrigin } from "../http/public-origin.server";
import { PASSWORD_MAX_LENGTH } from "../auth/password-rules";
import { DISPLAY_NAME_MAX_LENGTH } from "./profile-rules";
import { hashPassword } from "../auth/password.server";
import { checkRateLimits, rateLimits } from "../http/rate-limits.server";
import { countOf } from "../utils/plural";
import { reauthenticationProblem } from "../auth/reauthentication.server";
import { isPlanIntent, managePlan } from "../billing/manage-plan.server";
import { getPaymentProvider } from "../billing/provider.server";
import { handleNotificationAction, isNotificationIntent } from "../push/notification-profile.server";
import { isValidTimeZone } from "../push/quiet-hours";
import { GOAL_LIMITS } from "../course/daily-streak";
import { removeDailyGoal, writeDailyGoal } from "../models/daily-goal.server";

const currentPassword = z
  .string({ error: "Enter your current password." })
  .max(PASSWORD_MAX_LENGTH, "That is not your current password.")
  .optional();

const checkbox = z
  .literal("on", { error: "A preference switch must be on or off." })
  .optional()
  .transform((value) => value === "on");

const profileActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("display-name"),
      displayName: z
        .string({ error: "The name must be a single piece of text." })
        .trim()
        .max(DISPLAY_NAME_MAX_LENGTH, `The name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters.`)
        .refine((name) => !/\p{Cc}/u.test(name), "The name must not contain control characters."),
    }),
    z.object({ intent: z.literal("send-verification") }),
    z.object({ intent: z.literal("change-email"), newEmail: emailField, currentPassword }),
    z.object({
      intent: z.literal("change-password"),
      currentPassword,
      newPassword: z.string({ error: "Choose a new password." }),
    }),
    z.object({
      intent: z.literal("revoke-session"),
      sessionId: z.string().regex(/^[0-9a-f]{64}$/, "Unknown session."),
    }),
    z.object({ intent: z.literal("revoke-other-sessions") }),
    z.object({
      intent: z.literal("preferences"),
      theme: z.enum(colorSchemeModes, { error: "Choose light, dark or system." }),
      reducedMotion: checkbox,
      largerText: checkbox,
    }),
    // The privacy part's one switch: an unchecked box sends nothing, which is "off".
    z.object({ intent: z.literal("analytics"), analytics: checkbox }),
    z
      .object({
        intent: z.literal("daily-goal"),
        kind: z.enum(["questions", "minutes"], { error: "Choose questions or minutes." }),
        target: z.coerce.number({ error: "Give the goal as a whole number." }).int("Give the goal as a whole number."),
        timeZone: z
          .string({ error: "Your time zone is missing." })
          .max(64, "That is not a time zone.")
          .refine(isValidTimeZone, "That is not a time zone, such as Europe/Paris."),
      })
      .superRefine(({ kind, target }, context) => {
        const { min, max } = GOAL_LIMITS[kind];
        if (target < min || target > max) {
          context.addIssue({
            code: "custom",
            path: ["target"],
            message: `A daily goal in ${kind} is from ${min} to ${max}.`,
          });
        }
      }),
    z.object({ intent: z.literal("daily-goal-off") }),
  ],
  { error: "Unknown profile action." },
);

export type ProfileIntent = z.infer<typeof profileActionSchema>["intent"];

function failure(intent: string, errors: FieldErrors, status = 400) {
  return data({ intent, ok: false as const, errors }, { status });
}

function success(intent: string, message: string, init?: ResponseInit) {
  return data({ intent, ok: true as const, message, errors: {} as FieldErrors }, init);
}

/**
 * Every change a signed-in user makes on /profile. Each intent is validated,
 * and changes that could hand the account to someone else (address,
 * password) need the owner's proof (app/auth/reauthentication.server.ts).
 */
export async function handleProfileAction(
  request: Request,
  user: User,
  sessionId: string,
  values: Record<string, unknown>,
  secure: boolean,
) {
  const intent = typeof values.intent === "string" ? values.intent : "unknown";
  if (isPlanIntent(intent)) {
    // The paid plan's changes go through the payment provider (app/billing/manage-plan.server.ts).
    const limited = await checkRateLimits([{ rule: rateLimits.planChangePerAccount, subject: user.id }], {});
    if (limited) return failure(intent, limited.data.errors, 429);
    const outcome = await managePlan(getDatabase().db, getPaymentProvider(), user, values);
    return outcome.ok ? success(intent, outcome.message) : failure(intent, { form: outcome.error }, outcome.status);
  }
  if (isNotificationIntent(intent)) {
    // Web push: topics, hours and devices (app/push/notification-profile.server.ts).
    const outcome = await handleNotificationAction(getDatabase().db, user.id, values);
    return outcome.ok ? success(intent, outcome.message) : failure(intent, outcome.errors, outcome.status);
  }
  const parsed = profileActionSchema.safeParse(values);
  if (!parsed.success) return failure(intent, fieldErrors(parsed.error));
  const action = parsed.data;
  const { db } = getDatabase();

  /** The owner's proof for changes that could hand the account to someone else, as a failed answer. */
  const withoutProof = async (password: string | undefined) => {
    const problem = await reauthenticationProblem(user.id, sessionId, password);
    if (!problem) return null;
    const errors = problem.status === 403 ? { form: problem.message } : { currentPassword: problem.message };
    return data(
      { intent: action.intent, ok: false as const, errors },
      { status: problem.status, headers: problem.headers },
    );
  };

  switch (action.intent) {
    case "display-name": {
      await setDisplayName(db, user.id, action.displayName === "" ? null : action.displayName);
      return success(action.intent, action.displayName === "" ? "Your name was removed." : "Your name was saved.");
    }
    case "send-verification": {
      if (user.emailVerified) return failure(action.intent, { form: "Your address is already confirmed." });
      const limited = await checkRateLimits([{ rule: rateLimits.profileMailPerAccount, subject: user.id }], {});
      if (limited) return failure(action.intent, limited.data.errors, 429);
      await requestEmailVerification(user, publicOrigin());
      return success(action.intent, `We sent a confirmation link to ${user.email}. It works for one hour.`);
    }
    case "change-email": {
      if (normalizeEmail(action.newEmail) === user.email) {
        return failure(action.intent, { newEmail: "This is already your address." });
      }
      const refused = await withoutProof(action.currentPassword);
      if (refused) return refused;
      const limited = await checkRateLimits([{ rule: rateLimits.profileMailPerAccount, subject: user.id }], {});
      if (limited) return failure(action.intent, limited.data.errors, 429);
      await requestEmailChange(user, action.newEmail, publicOrigin());
      return success(
        action.intent,
        `We sent a link to ${normalizeEmail(action.newEmail)}. Your address changes when you open it (within one hour).`,
      );
    }
    case "change-password": {
      const refused = await withoutProof(action.currentPassword);
      if (refused) return refused;
      const policy = newPasswordProblem(action.newPassword, user.email);
      if (policy) return failure(action.intent, { newPassword: policy });
      await setPasswordHash(db, user.id, await hashPassword(action.newPassword));
      const ended = await deleteOtherSessions(db, user.id, sessionId);
      return success(
        action.intent,
        ended > 0
          ? `Your password was changed and ${countOf(ended, "other session")} ${ended === 1 ? "was" : "were"} signed out.`
          : "Your password was changed.",
      );
    }
    case "revoke-session": {
      if (action.sessionId === sessionId) {
        return failure(action.intent, { form: "To end this session, log out." });
      }
      const ended = await deleteUserSession(db, user.id, action.sessionId);
      return ended
        ? success(action.intent, "That session was signed out.")
        : failure(action.intent, { form: "That session has already ended." }, 404);
    }
    case "revoke-other-sessions": {
      const ended = await deleteOtherSessions(db, user.id, sessionId);
      return success(action.intent, `${countOf(ended, "other session")} ${ended === 1 ? "was" : "were"} signed out.`);
    }
    case "analytics": {
      // Preferences never saved: the theme this browser shows is kept with them, not the default's light.
      const theme = user.preferences ? {} : { theme: readColorSchemeCookie(request.headers.get("Cookie")) };
      await setPreferences(db, user.id, { ...theme, analytics: action.analytics });
      return success(
        action.intent,
        action.analytics
          ? "Thank you: your browsers share usage analytics again."
          : "Usage analytics are off: nothing more is counted from your browsers, and what this one had not sent yet was deleted.",
      );
    }
    case "daily-goal": {
      await writeDailyGoal(db, user.id, { kind: action.kind, target: action.target, timeZone: action.timeZone });
      return success(action.intent, `Your daily goal is ${countOf(action.target, action.kind.slice(0, -1))} a day.`);
    }
    case "daily-goal-off": {
      await removeDailyGoal(db, user.id);
      return success(action.intent, "You have no daily goal now. Your answers and mastery are kept.");
    }
    case "preferences": {
      const { theme, reducedMotion, largerText } = action;
      await setPreferences(db, user.id, { theme, reducedMotion, largerText });
      return success(action.intent, "Your preferences were saved.", {
        headers: { "Set-Cookie": colorSchemeCookie(theme, secure) },
      });
    }
  }
}
