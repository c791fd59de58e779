import { Link } from 'react-router';
import { balanceTone, formatBalance } from '../../../ui/format';
import { useCreditBalance } from '../hooks/use-credit-balance';

/** The navigation bar's balance (SPEC §2): Loading, then the balance, or Error with a tooltip. */
export function CreditBadge() {
  const { balance, loading, errorMessage } = useCreditBalance({ poll: true });
  if (loading) return <span className="credit-badge">Loading</span>;
  if (balance === null) {
    return (
      <span className="credit-badge credit-badge-error" title={errorMessage ?? undefined}>
        Error
      </span>
    );
  }
  const tone = balanceTone(balance);
  return (
    <Link to="/transactions" className={`credit-badge${balance < 10 ? ' credit-badge-low' : ''}`} title="Transaction history" data-testid="credit-badge">
      <span className={`balance balance-${tone}`}>{formatBalance(balance)}</span> credits
    </Link>
  );
}
