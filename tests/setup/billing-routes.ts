import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { startCheckout } from "#app/billing/checkout.server";
import { syncCustomer } from "#app/billing/sync.server";
import { sessionIdContext, userContext } from "#app/http/request-context";
import { createChapter, setChapterPublished } from "#app/models/chapter.server";
import { createUser, findUserById, type User } from "#app/models/user.server";
import { actionResult, requestContext, type ActionResult } from "./action-result";
import type { FakePaymentProvider } from "./fake-payment-provider";

/**
 * Shared steps of the billing routes' tests: who is asking, a course with free and premium chapters,
 * and a learner who subscribed through the fake provider (tests/setup/fake-payment-provider.ts).
 */
export const APP = "http://localhost:3000";

/** The router context of a request from `user` (a guest when null), as the root middleware leaves it. */
export function contextFor(user: User | null) {
  const context = requestContext("192.0.2.7");
  context.set(userContext, user);
  context.set(sessionIdContext, user ? "0".repeat(64) : null);
  return context;
}

/** What a loader or action answered, a thrown redirect included. */
export async function routeAnswer(run: () => unknown): Promise<ActionResult> {
  try {
    return await actionResult(await run());
  } catch (thrown) {
    if (thrown instanceof Response) return actionResult(thrown);
    throw thrown;
  }
}

export function newLearner(db: Kysely<Database>): Promise<User> {
  return createUser(db, { email: `${crypto.randomUUID()}@example.org`, passwordHash: null });
}

/** Two free and two premium chapters, published, and one premium chapter that is not. */
export async function publishCourse(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom("chapters").execute();
  const chapters = [
    ["fundamentals-of-algebra", "Fundamentals of algebra", "free", true],
    ["atomic-model-of-numbers", "The atomic model of numbers", "free", true],
    ["exponential-remainders", "Exponential remainders", "premium", true],
    ["periods-and-primes", "Periods and primes", "premium", true],
    ["draft-chapter", "A draft", "premium", false],
  ] as const;
  for (const [slug, title, access, published] of chapters) {
    const created = await createChapter(db, { slug, title, summary: `About ${title}.`, access });
    if (!created.ok) throw new Error(`${slug} exists`);
    if (published) await setChapterPublished(db, created.chapter.id, true);
  }
}

/** A learner's checkout at the provider, paid (or its trial started) and synced, as after the webhook. */
export async function subscribeThrough(
  db: Kysely<Database>,
  provider: FakePaymentProvider,
  user: User,
  plan: "monthly" | "yearly" = "monthly",
  { sync = true, returnTo }: { sync?: boolean; returnTo?: string } = {},
) {
  const opened = await startCheckout(db, provider, user, { plan, returnTo }, APP);
  if (!opened.ok) throw new Error(opened.error);
  const sessionId = provider.openCheckouts().find((checkout) => checkout.request.userId === user.id)!.sessionId;
  const subscription = provider.completeCheckout(sessionId);
  if (sync) await syncCustomer(db, provider, subscription.customerId);
  return { sessionId, subscription, user: (await findUserById(db, user.id))! };
}
