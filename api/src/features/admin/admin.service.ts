import { formatCredits, type Ledger } from '@shotlog/ledger';
import { badInput, notFound } from '../../platform/errors/app-error.js';
import { parseId } from '../../platform/validation/ids.js';
import { ledgerCsvHeader, ledgerCsvRows } from './ledger-csv.js';
import { DATE_RANGE_MESSAGE, isStorableDate } from '../../platform/validation/pg-range.js';
import type { UsersService } from '../users/users.service.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { SettingsService } from '../settings/settings.service.js';

function parseDate(raw: unknown, what: string): Date | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const d = raw instanceof Date ? raw : new Date(String(raw));
  if (Number.isNaN(d.getTime())) throw badInput(`${what} must be a date (ISO 8601)`);
  if (!isStorableDate(d)) throw badInput(`${what} ${DATE_RANGE_MESSAGE}`);
  return d;
}

const MAX_USER_SEARCH = 200;

/** Administrator operations: users and balances, adjustments, markup, the ledger audit. */
export class AdminService {
  constructor(
    private readonly users: UsersService,
    private readonly credits: CreditsService,
    private readonly settings: SettingsService,
    private readonly ledger: Ledger,
  ) {}

  async listUsers(page: { limit: number; offset: number }) {
    const { users, total } = await this.users.list(page);
    return { rows: await this.withBalances(users), total };
  }

  /** Keyset page for the GraphQL connection (`first + 1` rows), optionally narrowed by a search text. */
  async pageUsers(page: { first: number; after?: string | null; search?: string | null }) {
    const search = page.search?.trim() ?? '';
    if (search.length > MAX_USER_SEARCH) throw badInput(`Search text must be at most ${MAX_USER_SEARCH} characters`);
    const { users, total } = await this.users.page({ first: page.first, after: page.after, words: search ? search.split(/\s+/) : [] });
    return { rows: await this.withBalances(users), total };
  }

  /** The admin's view of each user: their details and credit balance. */
  private async withBalances(users: ReadonlyArray<{ id: string; username: string; email: string; roleId: number; createdAt: Date }>) {
    // One read for the page: a query per user ran them all at once and drew a connection each.
    const balances = await this.credits.balances(users.map((u) => u.id));
    return users.map((u) => ({
      id: u.id,
      username: u.username,
      email: u.email,
      roleId: u.roleId,
      createdAt: u.createdAt,
      creditBalance: balances.get(u.id)!,
    }));
  }

  async adjustCredits(rawUserId: unknown, rawAmount: unknown, reason: unknown, adminId: string, idempotencyKey?: string) {
    if (rawUserId === undefined || rawUserId === null || rawUserId === '') throw badInput('Please select a user');
    const userId = parseId(rawUserId, 'user');
    if (!(await this.users.findById(userId))) throw notFound('User not found');
    return this.credits.adjust({ userId, rawAmount, reason, actorId: adminId, idempotencyKey });
  }

  async setMarkup(raw: unknown, adminId: string) {
    const setting = await this.settings.setMarkup(raw, adminId);
    const costPerFileset = await this.credits.costPerFileset();
    return {
      setting: { ...setting, updatedAt: new Date() },
      costPerFileset,
      message: `Markup updated to ${setting.value}%. This affects all future processing costs.`,
    };
  }

  async ledgerEvents(filter: { userId?: unknown; type?: unknown; from?: unknown; to?: unknown; limit: number; offset: number; beforeSequence?: string }) {
    const userId = filter.userId ? parseId(filter.userId, 'user') : undefined;
    if (filter.type !== undefined && filter.type !== null && filter.type !== '' && (typeof filter.type !== 'string' || !/^[A-Za-z]{1,64}$/.test(filter.type)))
      throw badInput('type must be an event type name');
    const { rows, total } = await this.ledger.events({
      userId,
      type: (filter.type as string) || undefined,
      from: parseDate(filter.from, 'from'),
      to: parseDate(filter.to, 'to'),
      limit: filter.limit,
      offset: filter.offset,
      beforeSequence: filter.beforeSequence,
    });
    return { rows: rows.map((e) => ({ ...e, amount: formatCredits(e.amount) })), total };
  }

  /**
   * The ledger explorer's CSV export for finance: the header, then one chunk per page of 1,000
   * events with the users' and actors' names (one query a page), so memory stays flat however
   * long the ledger is. The filter is checked before the header is yielded. Same writer and cell
   * rules as the agency CSVs (admin/ledger-csv.ts).
   */
  async *ledgerCsv(filter: { userId?: unknown; type?: unknown; from?: unknown; to?: unknown }): AsyncGenerator<string, void> {
    let page = await this.ledgerEvents({ ...filter, limit: 1000, offset: 0 });
    yield ledgerCsvHeader();
    for (let offset = 0; ;) {
      const names = await this.users.summaries(page.rows.flatMap((e) => (e.actorId ? [e.userId, e.actorId] : [e.userId])));
      yield ledgerCsvRows(page.rows, (id) => (id ? (names.get(id)?.username ?? '') : ''));
      offset += page.rows.length;
      if (page.rows.length === 0 || offset >= page.total) return;
      page = await this.ledgerEvents({ ...filter, limit: 1000, offset });
    }
  }

  verifyChain() {
    return this.ledger.verifyChain();
  }

  replay() {
    return this.ledger.replayAndCompare();
  }
}
