import { useQuery } from '@apollo/client/react';
import { AdminUsersQuery } from '../modules/admin/graphql/admin.graphql';
import { AdminPage } from '../modules/admin/components/AdminPage';
import { balanceTone, formatBalance, formatDate } from '../ui/format';
import { PagedList } from '../ui/PagedList';
import { useCursorPages } from '../ui/use-cursor-pages';
import { PasswordResetLinkButton } from '../modules/admin/components/PasswordResetLinkButton';

const PAGE_SIZE = 100;

/** All users with their balances (administrators). */
export function AdminUsersPage() {
  const pages = useCursorPages();
  const { data, loading, error } = useQuery(AdminUsersQuery, { variables: { first: PAGE_SIZE, after: pages.after } });
  return (
    <AdminPage title="All Users">
      <PagedList connection={data?.adminUsers} loading={loading} error={error} failedText="Failed to fetch users" pages={pages} pageSize={PAGE_SIZE}>
        {(conn) => (
          <>
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
          </>
        )}
      </PagedList>
    </AdminPage>
  );
}
