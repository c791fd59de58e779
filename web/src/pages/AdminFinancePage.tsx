import { Link } from 'react-router';
import { TrialBalanceCard } from '../modules/finance/components/TrialBalanceCard';
import { StatementCard } from '../modules/finance/components/StatementCard';

/** Month-end finance for administrators: trial balance with its zero check, period statement and chart, journal download. */
export function AdminFinancePage() {
  return (
    <section className="stack">
      <div className="page-header">
        <h1>Finance</h1>
        <Link to="/account" className="button">
          Back to Account
        </Link>
      </div>
      <StatementCard />
      <TrialBalanceCard />
    </section>
  );
}

export default AdminFinancePage;
