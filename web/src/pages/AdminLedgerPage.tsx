import { useState } from 'react';
import { useLazyQuery, useQuery } from '@apollo/client/react';
import { LedgerEventsQuery, LedgerReplayQuery, LedgerVerificationQuery } from '../modules/admin/graphql/admin.graphql';
import { AdminPage } from '../modules/admin/components/AdminPage';
import { UserPicker, type PickedUser } from '../modules/admin/components/UserPicker';
import { downloadFile } from '../client/rest';
import { countOf, formatAmount, formatDateTime } from '../ui/format';
import { PagedList } from '../ui/PagedList';
import { useCursorPages } from '../ui/use-cursor-pages';
import type { LedgerEventType } from '../gql/graphql';

const PAGE_SIZE = 100;
// The schema's enum, through codegen: a type added to the ledger fails this build until it is listed.
const EVENT_TYPES = Object.keys({
  AccountOpened: true,
  SignupBonusGranted: true,
  PurchaseApproved: true,
  AdminAdjusted: true,
  ProcessingCharged: true,
  ProcessingRefunded: true,
} satisfies Record<LedgerEventType, true>) as LedgerEventType[];

const NO_FILTER: Filter = { user: null, type: '', from: '', to: '' };

interface Filter {
  user: PickedUser | null;
  type: LedgerEventType | '';
  from: string;
  to: string;
}

/** The finance audit: every ledger event, filterable and exportable, plus chain verification and replay. */
export function AdminLedgerPage() {
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const pages = useCursorPages();
  const gqlFilter = {
    userId: filter.user?.id ?? null,
    type: filter.type || null,
    from: filter.from ? new Date(`${filter.from}T00:00:00`).toISOString() : null,
    to: filter.to ? new Date(`${filter.to}T23:59:59.999`).toISOString() : null,
  };
  const { data, loading, error } = useQuery(LedgerEventsQuery, { variables: { filter: gqlFilter, first: PAGE_SIZE, after: pages.after } });
  const [verify, verification] = useLazyQuery(LedgerVerificationQuery, { fetchPolicy: 'network-only' });
  const [replay, replayed] = useLazyQuery(LedgerReplayQuery, { fetchPolicy: 'network-only' });

  const update = (patch: Partial<Filter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    pages.reset();
  };
  const csvPath = () => {
    const q = new URLSearchParams({ format: 'csv' });
    for (const [k, v] of Object.entries(gqlFilter)) if (v) q.set(k, v);
    return `/api/admin/ledger/events?${q}`;
  };

  return (
    <AdminPage title="Ledger Explorer">
      <div className="card toolbar">
        <UserPicker label="User" placeholder="All users: type a name or e-mail" value={filter.user} onChange={(user) => update({ user })} />
        <select aria-label="Event type" value={filter.type} onChange={(e) => update({ type: e.target.value as LedgerEventType | '' })}>
          <option value="">All types</option>
          {EVENT_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
        <label className="inline">
          From <input type="date" value={filter.from} onChange={(e) => update({ from: e.target.value })} />
        </label>
        <label className="inline">
          To <input type="date" value={filter.to} onChange={(e) => update({ to: e.target.value })} />
        </label>
        <button type="button" className="button" disabled={!Object.values(filter).some(Boolean)} onClick={() => update(NO_FILTER)}>
          Clear filters
        </button>
        <button type="button" className="button" onClick={() => downloadFile(csvPath(), 'ledger-events.csv').catch(() => alert('Failed to export the ledger'))}>
          Export CSV
        </button>
      </div>
      <div className="card toolbar">
        <span className="muted small toolbar-label">Integrity</span>
        <button type="button" className="button" onClick={() => verify()}>
          Verify hash chain
        </button>
        {verification.data && (
          <span className={verification.data.ledgerVerification.ok ? 'positive' : 'negative'} data-testid="verification">
            {verification.data.ledgerVerification.ok
              ? `Chain intact: ${countOf(verification.data.ledgerVerification.checkedEvents, 'event')} checked`
              : `Chain broken at event ${verification.data.ledgerVerification.firstInvalidEventId}: ${verification.data.ledgerVerification.reason}`}
          </span>
        )}
        <button type="button" className="button" onClick={() => replay()}>
          Replay and compare
        </button>
        {replayed.data && (
          <span className={replayed.data.ledgerReplay.ok ? 'positive' : 'negative'} data-testid="replay">
            {replayed.data.ledgerReplay.ok
              ? `Projections match: ${countOf(replayed.data.ledgerReplay.eventsReplayed, 'event')} replayed`
              : `${replayed.data.ledgerReplay.differences.length} differences found`}
          </span>
        )}
      </div>
      {replayed.data && !replayed.data.ledgerReplay.ok && (
        <table className="table">
          <thead>
            <tr>
              <th>User</th>
              <th>Field</th>
              <th>Live</th>
              <th>Replayed</th>
            </tr>
          </thead>
          <tbody>
            {replayed.data.ledgerReplay.differences.map((d) => (
              <tr key={`${d.userId}-${d.field}`}>
                <td>{d.userId}</td>
                <td>{d.field}</td>
                <td>{d.live}</td>
                <td>{d.replayed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PagedList connection={data?.ledgerEvents} loading={loading} error={error} failedText="Failed to fetch ledger events" pages={pages} pageSize={PAGE_SIZE}>
        {(events) => (
          <>
            <p className="muted">{countOf(events.totalCount, 'event')}</p>
            <div className="table-scroll">
              <table className="table">
                <thead>
                  <tr>
                    <th>#</th>
                    <th>Date</th>
                    <th>Type</th>
                    <th>User</th>
                    <th>Actor</th>
                    <th className="num">Amount</th>
                    <th>Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {events.edges.map(({ node: e }) => {
                    // The server names every user and actor on the page; an id prefix only if an account is gone.
                    const userName = e.user?.username ?? e.userId.slice(0, 8);
                    return (
                      <tr key={e.id}>
                        <td>{e.sequence}</td>
                        <td>{formatDateTime(e.createdAt)}</td>
                        <td>{e.type}</td>
                        <td>
                          <button
                            type="button"
                            className="link-button link-accent"
                            title={`Only ${userName}'s events`}
                            onClick={() => update({ user: { id: e.userId, username: userName } })}
                          >
                            {userName}
                          </button>
                        </td>
                        <td>{e.actorId ? (e.actor?.username ?? e.actorId.slice(0, 8)) : <span className="muted">system</span>}</td>
                        <td className={`num ${Number(e.amount) < 0 ? 'negative' : ''}`}>{formatAmount(e.amount, true)}</td>
                        <td>{e.reason ?? ''}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
      </PagedList>
    </AdminPage>
  );
}
