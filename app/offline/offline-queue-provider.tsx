import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from "react";
import { useFormAction, useRevalidator, useSubmit, type SubmitFunction } from "react-router";
import {
  clearQueuedSubmissions,
  createSubmission,
  listQueuedSubmissions,
  pruneQueuedSubmissions,
  queueSubmission,
  removeQueuedSubmission,
  subscribeToQueue,
  type QueuedSubmission,
  type SubmissionInput,
  type SubmissionSubject,
} from "./offline-queue";
import { takeSendOutcome } from "./queued-action";
import { oneAtATime, sendQueuedSubmissions, type SendOutcome, type SendReport } from "./queue-sender";

/**
 * The page's side of the offline queue (docs/offline.md): submissions that may wait for the
 * connection ("mark as read", quiz answers) are sent through here. Sent at once when possible, kept
 * on this device when there is no connection (or older ones still wait), and sent in order when
 * the connection returns, the page loads or the tab comes back into view.
 */

/** How a submission went from the learner's point of view. */
export type SubmitResult = "sent" | "queued" | "not-kept";

interface OfflineQueueValue {
  partition: string;
  /** This partition's queued submissions, oldest first. */
  queued: readonly QueuedSubmission[];
  /** Submissions being sent right now (until the page shows their result), by subject. */
  sending: ReadonlyMap<string, QueuedSubmission>;
  submit(input: Omit<SubmissionInput, "partition">): Promise<SubmitResult>;
  /** What the last round of queued submissions came to, until dismissed. */
  report: SendReport | null;
  dismissReport(): void;
}

const OfflineQueueContext = createContext<OfflineQueueValue | null>(null);

/** The fetcher a subject's submissions go through, so the component that made them sees their answer. */
export function offlineFetcherKey(subject: SubmissionSubject): string {
  return `offline:${subject}`;
}

const LOCK_NAME = "numberlab-offline-queue";
const SIGN_OUT_PATH = "/logout";

/** `partition` is the root loader's `cachePartition`: whose submissions this page may send. */
export function OfflineQueueProvider({ partition, children }: { partition: string; children: ReactNode }) {
  const [queued, setQueued] = useState<readonly QueuedSubmission[]>([]);
  const [sending, setSending] = useState<ReadonlyMap<string, QueuedSubmission>>(new Map());
  const [report, setReport] = useState<SendReport | null>(null);
  const submitToRouter = useSubmit();
  const { revalidate } = useRevalidator();

  // The router's functions as of the latest render, for the sending that runs outside renders.
  const latest = useRef({ submitToRouter, revalidate });
  useEffect(() => {
    latest.current = { submitToRouter, revalidate };
  });

  const markSending = useCallback((entries: readonly QueuedSubmission[], on: boolean) => {
    setSending((current) => {
      const next = new Map(current);
      for (const entry of entries) {
        if (on) next.set(entry.subject, entry);
        else if (next.get(entry.subject)?.key === entry.key) next.delete(entry.subject);
      }
      return next;
    });
  }, []);

  // Sends this partition's queue in order, one round at a time; made per partition, read through a ref.
  const flushRef = useRef<() => Promise<void>>(async () => undefined);
  useEffect(() => {
    let alive = true;
    const flush = oneAtATime(async () => {
      if (!navigator.onLine) return;
      const { submitToRouter: submit } = latest.current;
      const started: QueuedSubmission[] = [];
      try {
        const round = await withQueueLock(() =>
          sendQueuedSubmissions(partition, {
            list: listQueuedSubmissions,
            remove: removeQueuedSubmission,
            send: async (entry) => {
              started.push(entry);
              markSending([entry], true);
              return sendThroughRouter(submit, entry);
            },
          }),
        );
        if (round.applied.length > 0 || round.refused.length > 0) setReport((shown) => mergeReports(shown, round));
        // The sent entries show as being sent until the page, read again, shows their results.
        if (round.applied.length > 0) await latest.current.revalidate();
      } catch {
        // The queue could not be read (storage blocked or broken): what it holds waits for the next occasion.
      } finally {
        markSending(started, false);
      }
    });
    flushRef.current = flush;

    const reload = () =>
      listQueuedSubmissions(partition)
        .then((entries) => alive && setQueued(entries))
        .catch(() => alive && setQueued([]));
    const unsubscribe = subscribeToQueue(() => void reload());
    pruneQueuedSubmissions()
      .catch(() => undefined)
      .finally(() => {
        void reload();
        void flush();
      });
    const flushWhenVisible = () => {
      if (document.visibilityState === "visible") void flush();
    };
    window.addEventListener("online", flush);
    document.addEventListener("visibilitychange", flushWhenVisible);
    return () => {
      alive = false;
      unsubscribe();
      window.removeEventListener("online", flush);
      document.removeEventListener("visibilitychange", flushWhenVisible);
    };
  }, [partition, markSending]);

  // Signing out through a page form drops this account's queue here too (the worker does it as well).
  // The form's own submit event says so before anything else happens, whichever way the form is sent.
  useEffect(() => {
    const clearOnSignOut = (event: SubmitEvent) => {
      const form = event.target instanceof HTMLFormElement ? event.target : null;
      if (form && new URL(form.action, window.location.href).pathname === SIGN_OUT_PATH) {
        void clearQueuedSubmissions(partition).catch(() => undefined);
      }
    };
    document.addEventListener("submit", clearOnSignOut, { capture: true });
    return () => document.removeEventListener("submit", clearOnSignOut, { capture: true });
  }, [partition]);

  const submit = useCallback(
    async (input: Omit<SubmissionInput, "partition">): Promise<SubmitResult> => {
      const entry = createSubmission({ ...input, partition });
      // Older submissions still waiting go first: this one waits behind them.
      if (!navigator.onLine || queued.length > 0) {
        const kept = await keep(entry);
        void flushRef.current();
        return kept;
      }
      markSending([entry], true);
      try {
        const outcome = await sendThroughRouter(submitToRouter, entry);
        if (outcome.kind === "unanswered") return await keep(entry);
        if (outcome.kind === "applied") await revalidate();
        return "sent";
      } finally {
        markSending([entry], false);
      }
    },
    [partition, queued.length, markSending, submitToRouter, revalidate],
  );

  const dismissReport = useCallback(() => setReport(null), []);
  const value = useMemo(
    () => ({ partition, queued, sending, submit, report, dismissReport }),
    [partition, queued, sending, submit, report, dismissReport],
  );
  return <OfflineQueueContext.Provider value={value}>{children}</OfflineQueueContext.Provider>;
}

/** What the last round of sending came to, for the announcement. */
export function useOfflineQueueReport(): { report: SendReport | null; dismiss(): void } {
  const context = useContext(OfflineQueueContext);
  return { report: context?.report ?? null, dismiss: context?.dismissReport ?? (() => undefined) };
}

export interface OfflineSubmission {
  /** The fetcher key the component's own fetcher uses, so it sees its queued submissions' answers. */
  fetcherKey: string;
  /** The latest submission of this subject not settled yet (being sent, or kept on this device). */
  pending: QueuedSubmission | null;
  /** The pending submission waits on this device for the connection (it is not being sent). */
  waiting: boolean;
  /**
   * Takes over a form's submit event (undefined without the provider: the form then submits as usual).
   * `label` says what the learner did, from the fields sent.
   */
  onSubmit:
    ((event: FormEvent<HTMLFormElement>, label: (fields: FormData) => string) => Promise<SubmitResult>) | undefined;
}

/** A component's submissions of one subject ("read:<section id>", "answer:<item id>") through the queue. */
export function useOfflineSubmission(subject: SubmissionSubject): OfflineSubmission {
  const context = useContext(OfflineQueueContext);
  const action = useFormAction();
  const sending = context?.sending.get(subject);
  const queued = context?.queued.findLast((entry) => entry.subject === subject);
  const submit = context?.submit;
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>, label: (fields: FormData) => string) => {
      event.preventDefault();
      const fields = new FormData(event.currentTarget, submitterOf(event));
      return submit!({
        action,
        fields: [...fields].flatMap(([name, value]) => (typeof value === "string" ? [[name, value] as const] : [])),
        label: label(fields),
        subject,
      });
    },
    [submit, action, subject],
  );
  return {
    fetcherKey: offlineFetcherKey(subject),
    pending: sending ?? queued ?? null,
    waiting: sending === undefined && queued !== undefined,
    onSubmit: submit ? onSubmit : undefined,
  };
}

/** A field of a submission, as the form sent it. */
export function submissionField(entry: QueuedSubmission, name: string): string | undefined {
  return entry.fields.find(([field]) => field === name)?.[1];
}

/** Sends one submission through React Router, so the route's own actions run, and reads how it went. */
async function sendThroughRouter(submit: SubmitFunction, entry: QueuedSubmission): Promise<SendOutcome> {
  try {
    await submit(new URLSearchParams(entry.fields), {
      method: "post",
      action: entry.action,
      navigate: false,
      fetcherKey: offlineFetcherKey(entry.subject),
      preventScrollReset: true,
      // The page is read again only once the server took it: with no connection, reading it would fail.
      defaultShouldRevalidate: false,
    });
  } catch {
    return { kind: "unanswered" };
  }
  // No outcome: the action did not finish (a redirect to sign in): the entry waits.
  return takeSendOutcome(entry.key) ?? { kind: "unanswered" };
}

async function keep(entry: QueuedSubmission): Promise<SubmitResult> {
  try {
    await queueSubmission(entry);
    return "queued";
  } catch {
    // No IndexedDB here (a browser setting): the component keeps the learner's input instead.
    return "not-kept";
  }
}

/** One tab sends at a time (Web Locks), so two tabs coming online do not send the same entries. */
function withQueueLock<T>(task: () => Promise<T>): Promise<T> {
  // Web Locks exist only on secure pages (HTTPS, localhost).
  const locks = navigator.locks as LockManager | null | undefined;
  return locks ? locks.request(LOCK_NAME, task) : task();
}

function mergeReports(shown: SendReport | null, round: SendReport): SendReport {
  if (!shown) return round;
  return { applied: [...shown.applied, ...round.applied], refused: [...shown.refused, ...round.refused] };
}

function submitterOf(event: FormEvent<HTMLFormElement>): HTMLElement | null {
  const { submitter } = event.nativeEvent as SubmitEvent;
  return submitter;
}
