import {
  PUSH_TOPIC_LABELS,
  type PushAudience,
  type PushSendAudience,
  type PushSendKind,
  type PushSendStatus,
  type PushTopic,
} from "#app/models/push-vocabulary";

/** The audiences as the compose form offers them. */
export const AUDIENCE_CHOICES: Record<PushAudience, { label: string; help: string }> = {
  subscribers: { label: "Everyone subscribed", help: "Every learner who chose the topic." },
  premium: { label: "Premium learners", help: "Subscribers of the topic who have premium now." },
  free: { label: "Free learners", help: "Subscribers of the topic without premium." },
  user: { label: "One account", help: "One learner, by e-mail address, if they chose the topic." },
};

export const SEND_KIND_LABELS: Record<PushSendKind, string> = {
  campaign: "Composed",
  test: "Test",
  record: "Record prime",
  reminders: "Review reminders",
};

export const SEND_STATUS_LABELS: Record<PushSendStatus, string> = {
  scheduled: "Scheduled",
  dispatched: "Sent out",
  cancelled: "Cancelled",
};

export const topicLabel = (topic: PushTopic): string => PUSH_TOPIC_LABELS[topic] ?? topic;

/** "Premium learners", "ada@example.org", "Own devices (ada@example.org)": who a send went to, in a few words. */
export function audienceText(audience: PushSendAudience, email: string | null): string {
  const account = email ?? "a deleted account";
  switch (audience) {
    case "self":
      return `Own devices (${account})`;
    case "user":
      return account;
    default:
      return AUDIENCE_CHOICES[audience].label;
  }
}
