import { DeliveryHostError } from './agency-hosts.js';
import type { RemoteSession } from './remote-client.js';

/**
 * Logged-in sessions kept per connection (issue 33 item 6): consecutive files to one connection
 * share a session instead of logging in per file. At most `max` sessions per connection are open
 * at once (the connection's own limit, so it is also how many of its files move at once); a file
 * that finds them all busy waits for one. A session idle for `idleMs`, or opened before the
 * connection changed (`version`), is closed rather than reused.
 */
interface Slot {
  version: string;
  idle: Array<{ session: RemoteSession; timer: NodeJS.Timeout }>;
  open: number;
  /** The connection's limit, as the last acquire gave it. */
  max: number;
  waiters: Array<() => void>;
}

export class RemoteSessionPool {
  private readonly slots = new Map<string, Slot>();
  private readonly versions = new WeakMap<RemoteSession, string>();
  private closed = false;

  constructor(private readonly idleMs = 20_000) {}

  /** Sessions open now for a connection (busy and idle), for tests and figures. */
  openFor(connectionId: string): number {
    return this.slots.get(connectionId)?.open ?? 0;
  }

  /** Whether every session the connection may have here is open and carrying a file. */
  full(connectionId: string): boolean {
    const slot = this.slots.get(connectionId);
    return !!slot && slot.idle.length === 0 && slot.open >= Math.max(1, slot.max);
  }

  /** A session of the connection; with `wait: false`, null at once when all its sessions are busy. */
  async acquire(connectionId: string, version: string, max: number, open: () => Promise<RemoteSession>): Promise<{ session: RemoteSession; reused: boolean }>;
  async acquire(
    connectionId: string,
    version: string,
    max: number,
    open: () => Promise<RemoteSession>,
    opts: { wait: false },
  ): Promise<{ session: RemoteSession; reused: boolean } | null>;
  async acquire(
    connectionId: string,
    version: string,
    max: number,
    open: () => Promise<RemoteSession>,
    opts: { wait: boolean } = { wait: true },
  ): Promise<{ session: RemoteSession; reused: boolean } | null> {
    for (;;) {
      if (this.closed) throw new DeliveryHostError('other', 'The delivery worker is stopping; the file is tried again');
      let slot = this.slots.get(connectionId);
      if (!slot) this.slots.set(connectionId, (slot = { version, idle: [], open: 0, max, waiters: [] }));
      slot.max = max;
      if (slot.version !== version) {
        slot.version = version;
        for (const i of slot.idle.splice(0)) this.drop(slot, i.session, i.timer);
      }
      while (slot.idle.length) {
        const { session, timer } = slot.idle.pop()!;
        if (session.alive) {
          clearTimeout(timer);
          return { session, reused: true };
        }
        this.drop(slot, session, timer);
      }
      if (slot.open < Math.max(1, max)) {
        slot.open++;
        try {
          const session = await open();
          this.versions.set(session, version);
          return { session, reused: false };
        } catch (err) {
          slot.open--;
          slot.waiters.shift()?.();
          throw err;
        }
      }
      if (!opts.wait) return null;
      await new Promise<void>((resolve) => slot.waiters.push(resolve));
    }
  }

  /** Gives a session back: kept for the next file when it still works, else closed. */
  release(connectionId: string, session: RemoteSession, reusable: boolean): void {
    const slot = this.slots.get(connectionId);
    if (!slot) return session.close();
    if (reusable && !this.closed && session.alive && this.versions.get(session) === slot.version) {
      const entry = {
        session,
        timer: setTimeout(() => {
          const at = slot.idle.indexOf(entry);
          if (at >= 0) slot.idle.splice(at, 1);
          this.drop(slot, session, undefined);
        }, this.idleMs).unref(),
      };
      slot.idle.push(entry);
    } else {
      this.drop(slot, session, undefined);
    }
    slot.waiters.shift()?.();
  }

  /** Closes every idle session; busy ones close as they are given back. */
  closeAll(): void {
    this.closed = true;
    for (const slot of this.slots.values()) for (const i of slot.idle.splice(0)) this.drop(slot, i.session, i.timer);
    for (const slot of this.slots.values()) for (const w of slot.waiters.splice(0)) w();
  }

  private drop(slot: Slot, session: RemoteSession, timer: NodeJS.Timeout | undefined): void {
    clearTimeout(timer);
    slot.open--;
    session.close();
  }
}
