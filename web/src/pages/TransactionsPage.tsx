import { Link } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { TransactionsQuery } from '../modules/credits/graphql/credits.graphql';
import { Banner } from '../ui/Banner';
import { Loading } from '../ui/Loading';
import { formatAmount, formatDateTime } from '../ui/format';
import { Pager, useCursorPages } from '../ui/use-cursor-pages';
import { groupRuns, type HistoryGroup } from '../modules/credits/group-runs';
import '../modules/credits/credits.css';

const PAGE_SIZE = 50;
// SPEC §3: credit, deduction and purchase have their colours; any other type (refund...) is neutral.
const KNOWN_TYPES = new Set(['credit', 'deduction', 'purchase']);

/** Transaction history (SPEC §2): a table on wide screens, cards on narrow ones, 50 per page. */
export function TransactionsPage() {
  const pages = useCursorPages();
  const { data, loading, error } = useQuery(TransactionsQuery, { variables: { first: PAGE_SIZE, after: pages.after } });

  if (error && !data) return <Banner tone="error">Failed to fetch transactions</Banner>;
  if (loading && !data) return <Loading />;
  const conn = data!.transactions;
  const rows = groupRuns(conn.edges.map((e) => e.node));
  const typeClass = (t: string) => `type-badge type-${KNOWN_TYPES.has(t) ? t : 'other'}`;

  return (
    <section className="stack">
      <div className="page-header">
        <h1>Transaction History</h1>
        <Link to="/purchase-credits" className="button button-primary">
          Buy Credits
        </Link>
      </div>
      {rows.length === 0 ? (
        <div className="card center empty">
          <p>No transactions yet</p>
          <Link to="/purchase-credits" className="button button-primary">
            Purchase Credits
          </Link>
        </div>
      ) : (
        <>
          <p className="muted">
            Showing {conn.edges.length} of {conn.totalCount} total transactions
          </p>
          <table className="table wide-only">
            <thead>
              <tr>
                <th>Date</th>
                <th>Description</th>
                <th className="num">Amount</th>
                <th className="num">Balance After</th>
                <th>Type</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t.id}>
                  <td>{formatDateTime(t.createdAt)}</td>
                  <td>
                    <Description t={t} />
                  </td>
                  <td className={`num ${Number(t.amount) < 0 ? 'negative' : 'positive'}`}>{formatAmount(t.amount, true)}</td>
                  <td className="num">{formatAmount(t.balanceAfterTransaction)}</td>
                  <td>
                    <span className={typeClass(t.transactionType)}>{t.transactionType}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="narrow-only stack">
            {rows.map((t) => (
              <article key={t.id} className="card transaction-card">
                <div className="section-header">
                  <span className={typeClass(t.transactionType)}>{t.transactionType}</span>
                  <strong className={Number(t.amount) < 0 ? 'negative' : 'positive'}>{formatAmount(t.amount, true)}</strong>
                </div>
                <Description t={t} />
                <p className="muted small">
                  {formatDateTime(t.createdAt)} · Balance after {formatAmount(t.balanceAfterTransaction)}
                </p>
              </article>
            ))}
          </div>
          <Pager pages={pages} connection={conn} pageSize={PAGE_SIZE} />
        </>
      )}
    </section>
  );
}

/** A line's description; a processing run's line expands to its sets' charges and refunds. */
function Description({ t }: { t: HistoryGroup }) {
  if (t.parts.length === 0) return <>{t.description}</>;
  return (
    <details>
      <summary>{t.description}</summary>
      <ul className="small">
        {t.parts.map((p) => (
          <li key={p.id}>
            {formatDateTime(p.createdAt)} · {p.description} · {formatAmount(p.amount, true)}
          </li>
        ))}
      </ul>
    </details>
  );
}
