import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#database/schema";
import { deviceLabel } from "#app/auth/device-label";
import { fieldErrors, type FieldErrors } from "#app/http/form.server";
import {
  readNotificationSettings,
  readTopics,
  setTopics,
  writeNotificationSettings,
} from "#app/models/notification-settings.server";
import { listUserDevices, removeDevice } from "#app/models/push-subscription.server";
import { DEFAULT_REMINDER_HOUR, PUSH_TOPICS } from "#app/models/push-vocabulary";
import { timeZoneSchema } from "./subscription-request.server";
import { featureEnabled } from "../settings/current-settings.server";

/** What the profile's Notifications section shows (app/components/account/notifications-section.tsx). */
export async function loadNotificationsSection(db: Kysely<Database>, userId: string, sessionId: string) {
  const [settings, topics, devices, available] = await Promise.all([
    readNotificationSettings(db, userId),
    readTopics(db, userId),
    listUserDevices(db, userId),
    featureEnabled(db, "push"),
  ]);
  return {
    // False while an admin has notifications switched off: nothing is sent and no device can be added.
    available,
    topics,
    // Null time zone until saved: the form offers the browser's own.
    settings: settings ?? { timeZone: null, reminderHour: DEFAULT_REMINDER_HOUR, quietStart: null, quietEnd: null },
    devices: devices.map((device) => ({
      id: device.id,
      device: deviceLabel(device.userAgent),
      pushService: device.pushService,
      createdAt: device.createdAt,
      refreshedAt: device.refreshedAt,
      current: device.sessionId === sessionId,
    })),
  };
}

const hour = (label: string) =>
  z
    .string({ error: `Choose ${label}.` })
    .regex(/^\d{1,2}$/, `Choose ${label} from 0 to 23.`)
    .transform(Number)
    .pipe(z.number().max(23, `Choose ${label} from 0 to 23.`));

/** A quiet hour, or "" for none. */
const quietHour = (label: string) => z.union([z.literal("").transform(() => null), hour(label)]);

const notificationsSchema = z.discriminatedUnion(
  "intent",
  [
    z
      .object({
        intent: z.literal("notification-settings"),
        // Unchecked boxes send nothing: no field is no topic, one field is a string.
        topics: z
          .union([z.string(), z.array(z.string())])
          .optional()
          .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
          .pipe(z.array(z.enum(PUSH_TOPICS, { error: "Unknown notification topic." })).max(PUSH_TOPICS.length)),
        timeZone: timeZoneSchema,
        reminderHour: hour("the reminder hour"),
        quietStart: quietHour("when quiet hours start"),
        quietEnd: quietHour("when quiet hours end"),
      })
      .superRefine((form, context) => {
        if ((form.quietStart === null) !== (form.quietEnd === null)) {
          context.addIssue({
            code: "custom",
            path: [form.quietStart === null ? "quietStart" : "quietEnd"],
            message: "Choose both ends of the quiet hours, or neither for none.",
          });
        } else if (form.quietStart !== null && form.quietStart === form.quietEnd) {
          context.addIssue({
            code: "custom",
            path: ["quietEnd"],
            message: "Quiet hours must end at another hour than they start.",
          });
        }
      }),
    z.object({ intent: z.literal("remove-push-device"), deviceId: z.uuid("Unknown device.") }),
  ],
  { error: "Unknown notifications action." },
);

export const NOTIFICATION_INTENTS = ["notification-settings", "remove-push-device"] as const;

export function isNotificationIntent(intent: string): intent is (typeof NOTIFICATION_INTENTS)[number] {
  return (NOTIFICATION_INTENTS as readonly string[]).includes(intent);
}

export type NotificationActionOutcome =
  { ok: true; message: string } | { ok: false; errors: FieldErrors; status: number };

/** The profile's notification choices and device removal; nothing changes on a refused form. */
export async function handleNotificationAction(
  db: Kysely<Database>,
  userId: string,
  values: Record<string, unknown>,
): Promise<NotificationActionOutcome> {
  const parsed = notificationsSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error), status: 400 };
  const action = parsed.data;
  if (action.intent === "remove-push-device") {
    const removed = await removeDevice(db, { userId, id: action.deviceId });
    return removed
      ? { ok: true, message: "That device gets no more notifications." }
      : { ok: false, errors: { form: "That device was already removed." }, status: 404 };
  }
  const { topics, timeZone, reminderHour, quietStart, quietEnd } = action;
  await writeNotificationSettings(db, userId, { timeZone, reminderHour, quietStart, quietEnd });
  await setTopics(db, userId, topics);
  return {
    ok: true,
    message:
      topics.length === 0
        ? "Saved. No topic is chosen, so no notifications are sent to you."
        : "Your notification choices were saved.",
  };
}
