import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { TrialBalanceQuery } from '../graphql/finance.graphql';
import { Banner } from '../../../ui/Banner';
import { Loading } from '../../../ui/Loading';
import { formatAmount } from '../../../ui/format';
import { accountLabel } from '../account-label';

const PAGE = 50;

/** Every account's balance at the end of a chosen day (UTC), with the books' zero check and totals per kind. */
export function TrialBalanceCard() {
  const [day, setDay] = useState('');
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const asOf = day ? `${day}T23:59:59.999Z` : null;
  const { data, loading, error } = useQuery(TrialBalanceQuery, { variables: { asOf, first: PAGE, after: cursors.at(-1) ?? null } });
  const tb = data?.trialBalance;
  return (
    <section className="card stack finance-card" aria-labelledby="tb-title">
      <div className="section-header">
        <h2 id="tb-title">Trial balance</h2>
        <label className="inline">
          As of end of{' '}
          <input
            type="date"
            aria-label="As of"
            value={day}
            onChange={(e) => {
              setDay(e.target.value);
              setCursors([null]);
            }}
          />
        </label>
      </div>
      {error && <Banner tone="error">{error.message}</Banner>}
      {loading && !tb && <Loading />}
      {tb && (
        <>
          <p className={tb.balanced ? 'positive zero-check' : 'negative zero-check'} data-testid="zero-check">
            {tb.balanced ? '✓ Books balance: every posting sums to 0.00' : `✗ Books do not balance: postings sum to ${formatAmount(tb.total)}`}
          </p>
          <div className="table-scroll">
            <table className="table finance-table">
              <caption className="muted small">Totals per kind of account</caption>
              <thead>
                <tr>
                  <th>Kind</th>
                  <th className="num">Balance</th>
                </tr>
              </thead>
              <tbody>
                {tb.totals.map((t) => (
                  <tr key={t.kind}>
                    <td>{t.kind === 'user' ? `Users, credits owed (${t.accounts})` : accountLabel(t.kind)}</td>
                    <td className="num">{formatAmount(t.balance)}</td>
                  </tr>
                ))}
                <tr className="finance-total">
                  <td>Total</td>
                  <td className="num" data-testid="tb-total">
                    {formatAmount(tb.total)}
                  </td>
                </tr>
              </tbody>
            </table>
          </div>
          <div className="table-scroll">
            <table className="table finance-table">
              <thead>
                <tr>
                  <th>Account</th>
                  <th className="num">Balance</th>
                </tr>
              </thead>
              <tbody>
                {tb.accounts.length === 0 && (
                  <tr>
                    <td colSpan={2} className="muted">
                      No postings by then.
                    </td>
                  </tr>
                )}
                {tb.accounts.map((a) => (
                  <tr key={a.account}>
                    <td className="finance-account">
                      {a.userName ? (
                        <>
                          <strong>{a.userName}</strong> <span className="muted small">{a.userEmail}</span>
                          <br />
                          <span className="muted small">{a.account}</span>
                        </>
                      ) : (
                        accountLabel(a.account)
                      )}
                    </td>
                    <td className="num">{formatAmount(a.balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="actions">
            <button type="button" className="button" disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
              Previous
            </button>
            <button type="button" className="button" disabled={!tb.hasMore} onClick={() => setCursors((c) => [...c, tb.nextCursor ?? null])}>
              Next
            </button>
          </div>
        </>
      )}
    </section>
  );
}
