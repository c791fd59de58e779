/**
 * ListenConnection (issue 28 finding 9): a connection is given back once whatever order stop(),
 * 'error' and 'end' arrive in, and a dropped one is replaced (LISTENing again). The order of
 * events is the test's: fake connections whose events it emits and whose opening it releases;
 * then a real PostgreSQL backend terminated under it.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { ListenConnection } from './listen-connection.js';
import { TEST_DATABASE_URL } from '../../../test/support/test-database.js';

/** Like a pg pool client: a second release throws (pg-pool's "Release called on client which has already been released"). */
class FakeClient extends EventEmitter {
  releases = 0;
  queries: string[] = [];
  // Shaped like pg's client for ListenConnection (only the SQL text is used).
  query = (async (sql: string) => {
    this.queries.push(sql);
    return { rows: [] };
  }) as unknown as pg.ClientBase['query'];
  release() {
    if (++this.releases > 1) throw new Error('Release called on client which has already been released to the pool.');
  }
}

const quiet = { warn: () => undefined, info: () => undefined, debug: () => undefined };

/** Opens fakes; each open after the first waits for the test to let it through (`allow`). */
function fakes() {
  const opened: FakeClient[] = [];
  const gates: Array<() => void> = [];
  let onOpen: (() => void) | null = null;
  return {
    opened,
    /** Resolves when the n-th open (1-based) has been asked for. */
    asked: (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => (opened.length + gates.length >= n ? resolve() : (onOpen = check));
        check();
      }),
    allow: () => gates.shift()?.(),
    open: async () => {
      if (opened.length > 0) await new Promise<void>((r) => (gates.push(r), onOpen?.()));
      const c = new FakeClient();
      opened.push(c);
      return c;
    },
  };
}

const make = (f: ReturnType<typeof fakes>, notes: string[] = []) =>
  new ListenConnection<FakeClient>({
    name: 'test-listener',
    channels: ['chan_a'],
    open: f.open,
    close: (c) => c.release(),
    onNotification: (ch, payload) => notes.push(`${ch}:${payload}`),
    logger: quiet,
    minRetryMs: 1,
  });

describe('ListenConnection (fake connections: the test orders the events)', () => {
  it('names itself and LISTENs on its channels', async () => {
    const f = fakes();
    const notes: string[] = [];
    const l = make(f, notes);
    await l.start();
    expect(f.opened[0]!.queries).toEqual([`SET application_name = 'test-listener'`, 'LISTEN chan_a']);
    f.opened[0]!.emit('notification', { channel: 'chan_a', payload: 'x' });
    expect(notes).toEqual(['chan_a:x']);
    await l.stop();
  });

  it('closes once on a double error (and the end after it), and reconnects', async () => {
    const f = fakes();
    const notes: string[] = [];
    const l = make(f, notes);
    await l.start();
    const first = f.opened[0]!;
    const g = l.generation;
    first.emit('error', new Error('terminating connection due to administrator command'));
    first.emit('error', new Error('Connection terminated unexpectedly'));
    first.emit('end');
    expect(first.releases).toBe(1);
    expect(l.current()).toBeNull();
    await f.asked(2);
    f.allow();
    const second = await l.connection(g);
    expect(second).not.toBe(first);
    expect(second.queries).toContain('LISTEN chan_a');
    // The old connection's late notifications are not delivered; the new one's are.
    first.emit('notification', { channel: 'chan_a', payload: 'old' });
    second.emit('notification', { channel: 'chan_a', payload: 'new' });
    expect(notes).toEqual(['chan_a:new']);
    await l.stop();
    expect(second.releases).toBe(1);
  });

  it('stop then error: closes once, opens nothing more', async () => {
    const f = fakes();
    const l = make(f);
    await l.start();
    const first = f.opened[0]!;
    await l.stop();
    first.emit('error', new Error('Connection terminated'));
    first.emit('end');
    first.emit('error', new Error('again'));
    expect(first.releases).toBe(1);
    await expect(l.connection()).rejects.toThrow(/stopped/);
    expect(f.opened).toHaveLength(1);
  });

  it('error then stop (while the new connection is opening): each connection closed once, none left open', async () => {
    const f = fakes();
    const l = make(f);
    await l.start();
    const first = f.opened[0]!;
    first.emit('error', new Error('terminating connection'));
    await f.asked(2); // the reconnection is opening
    const waiting = l.connection(l.generation);
    await l.stop();
    first.emit('error', new Error('late'));
    f.allow(); // the new connection arrives after stop
    await expect(waiting).rejects.toThrow(/stopped/);
    await new Promise((r) => setImmediate(r));
    expect(first.releases).toBe(1);
    expect(f.opened[1]!.releases).toBe(1);
    expect(l.current()).toBeNull();
  });
});

describe('ListenConnection on PostgreSQL', () => {
  it('listens again after its backend is terminated (pg_terminate_backend), closing the lost client once', async () => {
    const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 3 });
    pool.on('error', () => undefined);
    const notes: string[] = [];
    let reconnects = 0;
    const name = `listen-test-${process.pid}`;
    const l = new ListenConnection<pg.PoolClient>({
      name,
      channels: ['shotlog_listen_test'],
      open: () => pool.connect(),
      close: (c) => c.release(true), // a second call would throw: the test fails on an uncaught exception
      onNotification: (_ch, payload) => notes.push(payload ?? ''),
      onReconnect: () => void reconnects++,
      logger: quiet,
      minRetryMs: 10,
    });
    try {
      await l.start();
      const g = l.generation;
      const killed = await pool.query(`select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1`, [name]);
      expect(killed.rows).toEqual([{ ok: true }]);
      await l.connection(g);
      expect(reconnects).toBe(1);
      const heard = new Promise<void>((resolve) => l.current()!.once('notification', () => setImmediate(resolve)));
      await pool.query(`select pg_notify('shotlog_listen_test', 'after')`);
      await heard;
      expect(notes).toEqual(['after']);
    } finally {
      await l.stop();
      await pool.end();
    }
  });
});
