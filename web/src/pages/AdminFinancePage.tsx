import { AdminPage } from '../modules/admin/components/AdminPage';
import { TrialBalanceCard } from '../modules/finance/components/TrialBalanceCard';
import { StatementCard } from '../modules/finance/components/StatementCard';

/** Month-end finance for administrators: trial balance with its zero check, period statement and chart, journal download. */
export function AdminFinancePage() {
  return (
    <AdminPage title="Finance">
      <StatementCard />
      <TrialBalanceCard />
    </AdminPage>
  );
}

export default AdminFinancePage;
