import { Link } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { AdminUsersQuery } from '../modules/admin/graphql/admin.graphql';
import { Banner } from '../ui/Banner';
import { Loading } from '../ui/Loading';
import { balanceTone, formatBalance, formatDate } from '../ui/format';
import { Pager, useCursorPages } from '../ui/use-cursor-pages';
import { PasswordResetLinkButton } from '../modules/admin/components/PasswordResetLinkButton';

const PAGE_SIZE = 100;

/** All users with their balances (administrators). */
export function AdminUsersPage() {
  const pages = useCursorPages();
  const { data, loading, error } = useQuery(AdminUsersQuery, { variables: { first: PAGE_SIZE, after: pages.after } });
  if (error && !data) return <Banner tone="error">Failed to fetch users</Banner>;
  if (loading && !data) return <Loading />;
  const conn = data!.adminUsers;
  return (
    <section className="stack">
      <div className="page-header">
        <h1>All Users</h1>
        <Link to="/account" className="button">
          Back to Account
        </Link>
      </div>
      <p className="muted">
        {conn.totalCount} users. Adjust credits from Account Settings → Admin Controls. A user who forgot their password gets a one-time reset link here.
      </p>
      <table className="table">
        <thead>
          <tr>
            <th>Username</th>
            <th>Email</th>
            <th>Role</th>
            <th>Member since</th>
            <th className="num">Balance</th>
            <th>Password</th>
          </tr>
        </thead>
        <tbody>
          {conn.edges.map(({ node: u }) => (
            <tr key={u.id}>
              <td>{u.username}</td>
              <td>{u.email}</td>
              <td>{u.roleId === 2 ? 'Admin' : 'User'}</td>
              <td>{formatDate(u.createdAt)}</td>
              <td className={`num balance balance-${balanceTone(Number(u.creditBalance))}`}>{formatBalance(u.creditBalance)}</td>
              <td>
                <PasswordResetLinkButton userId={u.id} username={u.username} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager pages={pages} connection={conn} pageSize={PAGE_SIZE} />
    </section>
  );
}
