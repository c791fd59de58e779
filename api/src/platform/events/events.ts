import type { Logger } from '../logging/logger.js';

/**
 * The reactions between features, in one place: this map names every event one feature emits and
 * others react to, with its payload (ids and plain values, never a feature's classes). The owner
 * emits (`events.emit('user.registered', { userId })`); the composition root subscribes, one named
 * line per reaction (app/compose.ts, "Reactions"). This file is plumbing: it imports no feature.
 *
 * The failure rule, the same for every listener: an event's listeners run one after another, each
 * awaited, in the order they were subscribed, inside the emitter's call (so a reaction is done when
 * the emitter's call returns: the sign-up bonus is granted with the registration). A listener that
 * throws is logged with the event and listener names, counted in
 * `shotlog_event_listener_failures_total{event,listener}`, and its error is rethrown to the
 * emitter: the listeners after it do not run and the emitter's call fails, as if the reaction were
 * part of it. A reaction that must not fail its emitter catches its own errors inside itself
 * (processing taking the sets an upload completed: the files are in whatever happens there).
 */
export interface AppEvents {
  /** auth, after an account is created at sign-up. Credits open its ledger stream with the sign-up bonus. */
  'user.registered': { userId: string };
  /**
   * auth, after a user asked "Forgot password?" and a one-time link was issued. Mail e-mails the
   * link (`secret` goes into the link only; it is never stored or logged).
   */
  'auth.passwordResetRequested': { userId: string; email: string; username: string; secret: string; expiresAt: Date };
  /** purchases, after a new purchase request is stored. Mail sends the buyer the payment instructions and tells the administrators. */
  'purchase.requested': PurchaseFacts;
  /** purchases, after the buyer added payment proof to a pending request. Mail tells the administrators. */
  'purchase.proofSubmitted': PurchaseFacts & { proof: string };
  /** purchases, after an administrator approved or rejected a request. Mail tells the buyer (with the note). */
  'purchase.decided': PurchaseFacts & { status: 'approved' | 'rejected'; notes: string | null };
  /** contact, after a contact-form message is stored. Mail tells the administrators. */
  'contact.received': { messageId: string; name: string; email: string; message: string };
  /** contact, after an administrator replied to a message. Mail sends the reply to its writer. */
  'contact.replied': { messageId: string; name: string; email: string; original: string; reply: string; adminName: string; repliedAt: Date };
  /** file-sets, after files are recorded into a project's sets (an upload, a replacement). Processing takes the sets now complete. */
  'fileSet.filesRecorded': { projectId: string };
  /**
   * processing, once when a run's last set settled (exactly one caller finishes a run). Notifications
   * e-mails the owner (finished, or failed when a set failed) and checks the credits left.
   */
  'processing.runFinished': { runId: string; projectId: string; userId: string; totalJobs: number; succeeded: number; failed: number; spentCents: number };
  /** delivery, when a delivery's last file settled (sent, skipped, failed or paused). Notifications e-mails the owner. */
  'delivery.finished': { deliveryId: string; projectId: string; userId: string; sent: number; failed: number };
  /** projects, after projects are deleted for good (their rows cascade). File-sets removes their files' bytes. */
  'project.deletedForGood': { projectIds: string[] };
}

/** A purchase request as its events carry it: plain values, the price as decimal text. */
export interface PurchaseFacts {
  requestId: string;
  reference: string;
  userId: string;
  username: string;
  email: string;
  packageName: string;
  credits: number;
  price: string;
}

export type EventName = keyof AppEvents;

/** What an emitter is handed: the events it owns, e.g. `Emitter<'user.registered'>`. */
export interface Emitter<K extends EventName> {
  emit<E extends K>(event: E, payload: AppEvents[E]): Promise<void>;
}

type Listener<E extends EventName> = { name: string; run: (payload: AppEvents[E]) => unknown };

/** One process's events: `on` at the composition root, `emit` by the owners. */
export class EventBus implements Emitter<EventName> {
  private readonly listeners: { [E in EventName]?: Listener<E>[] } = {};

  constructor(
    private readonly logger: Pick<Logger, 'error'>,
    /** Counts a listener's failure (the metrics counter; tests pass a spy). */
    private readonly countFailure: (labels: { event: EventName; listener: string }) => void,
  ) {}

  /** Subscribes `run` to `event` under `listener`, the name its failures are logged and counted with. */
  on<E extends EventName>(event: E, listener: string, run: (payload: AppEvents[E]) => unknown): void {
    const list: Listener<E>[] = (this.listeners[event] ??= []);
    list.push({ name: listener, run });
  }

  /** Runs `event`'s listeners in subscription order (see the failure rule above). */
  async emit<E extends EventName>(event: E, payload: AppEvents[E]): Promise<void> {
    const list: readonly Listener<E>[] = this.listeners[event] ?? [];
    for (const listener of list) {
      try {
        await listener.run(payload);
      } catch (err) {
        this.logger.error({ err, event, listener: listener.name, payload }, `listener ${listener.name} of ${event} failed`);
        this.countFailure({ event, listener: listener.name });
        throw err;
      }
    }
  }
}
