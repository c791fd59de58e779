import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { LedgerStatementQuery } from '../graphql/finance.graphql';
import { Banner } from '../../../ui/Banner';
import { Loading } from '../../../ui/Loading';
import { formatAmount, formatDollars } from '../../../ui/format';
import { downloadFile } from '../../../client/rest';
import { MOVEMENT_LABELS } from '../account-label';
import { OwedChart } from './OwedChart';

/** "2026-03" for the month `offset` months from this one (UTC). */
function monthOf(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
}
/** The first instant of the month after "YYYY-MM" (UTC). */
function monthAfter(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 1)).toISOString();
}

/** Statement of credits owed for a chosen range of months, the month-end chart, and the journal download. */
export function StatementCard() {
  const [fromMonth, setFromMonth] = useState(monthOf(-11));
  const [toMonth, setToMonth] = useState(monthOf(0));
  const from = fromMonth ? `${fromMonth}-01T00:00:00.000Z` : null;
  const to = toMonth ? monthAfter(toMonth) : null;
  const { data, loading, error } = useQuery(LedgerStatementQuery, { variables: { from, to } });
  const s = data?.ledgerStatement;
  const journal = () => {
    const q = new URLSearchParams();
    if (from) q.set('from', from);
    if (to) q.set('to', to);
    downloadFile(`/api/admin/ledger/journal.csv?${q}`, 'ledger_journal.csv').catch(() => alert('Failed to download the journal'));
  };
  return (
    <section className="card stack finance-card" aria-labelledby="st-title">
      <div className="section-header">
        <h2 id="st-title">Statement</h2>
        <div className="toolbar finance-period">
          <label className="inline">
            From <input type="month" aria-label="From month" value={fromMonth} onChange={(e) => setFromMonth(e.target.value)} />
          </label>
          <label className="inline">
            To <input type="month" aria-label="To month" value={toMonth} onChange={(e) => setToMonth(e.target.value)} />
          </label>
        </div>
      </div>
      {error && <Banner tone="error">{error.message}</Banner>}
      {loading && !s && <Loading />}
      {s && (
        <>
          <OwedChart points={s.periods.map((p) => ({ at: String(p.to), owed: Number(p.closing) }))} />
          <div className="table-scroll">
            <table className="table finance-table">
              <thead>
                <tr>
                  <th>Movement</th>
                  <th className="num">Credits</th>
                  <th className="num">$</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>Opening: credits owed to users</td>
                  <td className="num" data-testid="opening">
                    {formatAmount(s.opening)}
                  </td>
                  <td />
                </tr>
                {s.movements.map((m) => (
                  <tr key={m.kind}>
                    <td>{MOVEMENT_LABELS[m.kind] ?? m.kind}</td>
                    <td className="num">{formatAmount(m.credits, Number(m.credits) !== 0)}</td>
                    <td className="num">{m.kind === 'purchases' ? formatDollars(m.dollars) : ''}</td>
                  </tr>
                ))}
                <tr className="finance-total">
                  <td>Closing: credits owed to users</td>
                  <td className="num" data-testid="closing">
                    {formatAmount(s.closing)}
                  </td>
                  <td />
                </tr>
              </tbody>
            </table>
          </div>
          <p className={s.balanced ? 'positive' : 'negative'} data-testid="statement-check">
            {s.balanced ? '✓ Opening + movements = closing' : '✗ Opening + movements differ from closing'}
          </p>
          {s.users.length > 0 && (
            <div className="table-scroll">
              <table className="table finance-table" aria-label="Movements by user">
                <thead>
                  <tr>
                    <th>User</th>
                    <th>E-mail</th>
                    <th className="num">Net credits</th>
                  </tr>
                </thead>
                <tbody>
                  {s.users.map((u) => (
                    <tr key={u.userId}>
                      <td title={u.userId}>{u.userName ?? `deleted user ${u.userId}`}</td>
                      <td>{u.userEmail ?? '—'}</td>
                      <td className="num">{formatAmount(u.credits, Number(u.credits) !== 0)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {s.usersTruncated && <p className="muted">Only the 500 users with the largest movements are listed.</p>}
            </div>
          )}
        </>
      )}
      <div className="actions">
        <button type="button" className="button" disabled={!from || !to} onClick={journal}>
          Download journal (CSV)
        </button>
      </div>
    </section>
  );
}
