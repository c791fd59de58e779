import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../modules/auth/session';
import type { ThemeName } from '../ui/themes';
import { Banner } from '../ui/Banner';
import { Loading } from '../ui/Loading';
import { balanceTone, formatBalance } from '../ui/format';
import { useCreditBalance } from '../modules/credits/hooks/use-credit-balance';
import { ManageUserCreditsForm } from '../modules/admin/components/ManageUserCreditsForm';
import { MarkupForm } from '../modules/admin/components/MarkupForm';
import { ThemePreferences } from '../modules/account/components/ThemePreferences';
import { ProfileInformation } from '../modules/account/components/ProfileInformation';
import { ApiTokensSection } from '../modules/api-tokens/components/ApiTokensSection';
import { ChangePasswordForm } from '../modules/account/components/ChangePasswordForm';
import { NotificationPreferences } from '../modules/notifications/components/NotificationPreferences';
import '../modules/account/account.css';

type Flash = { ok: boolean; message: string } | null;

/** Account Settings (SPEC §2). */
export function AccountPage() {
  const { viewer, loading, error, signOut } = useSession();
  const { balance } = useCreditBalance();
  const navigate = useNavigate();
  const [flash, setFlash] = useState<Flash>(null);

  if (loading) return <Loading />;
  if (!viewer) return <p className="error-text">Error: {error ? 'Failed to fetch profile' : 'Not signed in'}</p>;

  const logout = async () => {
    await signOut();
    navigate('/');
  };

  return (
    <section className="stack">
      <div className="page-header">
        <h1>Account Settings</h1>
        <button type="button" className="button" onClick={logout}>
          Logout
        </button>
      </div>
      {flash && (
        <Banner tone={flash.ok ? 'success' : 'error'} onClose={() => setFlash(null)}>
          {flash.message}
        </Banner>
      )}

      {viewer.isAdmin && (
        <section className="card admin-controls">
          <h2>Admin Controls</h2>
          <div className="two-columns">
            <ManageUserCreditsForm onResult={setFlash} />
            <MarkupForm onResult={setFlash} />
          </div>
          <div className="actions">
            <Link to="/admin/users" className="button">
              View All Users
            </Link>
            <Link to="/admin/purchase-requests" className="button">
              Manage Purchase Requests
            </Link>
            <Link to="/admin/ledger" className="button">
              Ledger Explorer
            </Link>
            <Link to="/admin/finance" className="button">
              Finance
            </Link>
            <Link to="/admin/queue" className="button">
              Job Queue
            </Link>
            <Link to="/admin/mail" className="button">
              E-mail Outbox
            </Link>
            <Link to="/admin/inbox" className="button">
              Contact Inbox
            </Link>
            <Link to="/admin/payments" className="button">
              Payments and Contact
            </Link>
          </div>
        </section>
      )}

      <section className="card">
        <h2>Credit Overview</h2>
        <p className="big-number">
          {balance === null ? '—' : <span className={`balance balance-${balanceTone(balance)}`}>{formatBalance(balance)}</span>} credits
        </p>
        <div className="actions">
          <Link to="/transactions" className="button">
            View Transactions
          </Link>
          <Link to="/purchase-credits" className="button button-primary">
            Purchase Credits
          </Link>
        </div>
      </section>

      <ThemePreferences current={viewer.theme as ThemeName} onError={(message) => setFlash({ ok: false, message })} />
      <ProfileInformation viewer={viewer} onNotice={(message) => setFlash({ ok: true, message })} />
      <NotificationPreferences onResult={setFlash} />
      <ApiTokensSection isAdmin={viewer.isAdmin} onNotice={setFlash} />

      {/* SPEC shows Account Management to non-admins only; administrators change their password here. */}
      {viewer.isAdmin && (
        <section className="card">
          <h2>Password</h2>
          <ChangePasswordForm onResult={setFlash} />
        </section>
      )}
      {!viewer.isAdmin && (
        <section className="card">
          <h2>Account Management</h2>
          <div className="actions">
            <ChangePasswordForm onResult={setFlash} />
            <button
              type="button"
              className="button button-danger"
              onClick={() => {
                if (confirm('Are you sure you want to delete your account? This action cannot be undone.'))
                  alert('Account deletion functionality coming soon!');
              }}
            >
              Delete Account
            </button>
          </div>
        </section>
      )}
    </section>
  );
}
