import { useQuery } from '@apollo/client/react';
import { AdminQueueStatsQuery } from '../modules/admin/graphql/admin-queue.graphql';
import { AdminPage } from '../modules/admin/components/AdminPage';
import { Banner } from '../ui/Banner';
import { Loading } from '../ui/Loading';
import { formatDateTime } from '../ui/format';

/** Refresh rate of the counts: often enough to watch a run, rarely enough to cost nothing. */
const REFRESH_MS = 5000;
const STATES = [
  ['waiting', 'Waiting', 'status-pending'],
  ['active', 'Active', 'status-processing'],
  ['completed', 'Completed', 'status-completed'],
  ['failed', 'Failed', 'status-failed'],
  ['delayed', 'Delayed', 'status-created'],
] as const;

/** The background job queues: counts by state and the most recent failures with their reason (administrators). */
export function AdminQueuePage() {
  const { data, loading, error } = useQuery(AdminQueueStatsQuery, { pollInterval: REFRESH_MS, fetchPolicy: 'network-only' });
  const queues = data?.adminQueueStats ?? [];

  return (
    <AdminPage title="Job Queue">
      <p className="muted">Counts refresh every {REFRESH_MS / 1000} seconds and are the same on every API process.</p>
      {error && <Banner tone="error">Failed to fetch queue statistics</Banner>}
      {loading && !data && <Loading />}
      {data && queues.length === 0 && (
        <div className="card empty">
          <p>No job queues are registered yet.</p>
        </div>
      )}
      {queues.map((q) => (
        <section key={q.name} className="card stack" data-testid={`queue-${q.name}`}>
          <h2>{q.name}</h2>
          <table className="table">
            <thead>
              <tr>
                {STATES.map(([key, label]) => (
                  <th key={key} className="num">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                {STATES.map(([key, , tone]) => (
                  <td key={key} className={`num ${q.counts[key] > 0 ? tone : ''}`}>
                    {q.counts[key]}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
          <h3>Recent failures</h3>
          {q.recentFailed.length === 0 ? (
            <p className="muted">None.</p>
          ) : (
            <div className="table-scroll">
              <table className="table">
                <thead>
                  <tr>
                    <th>When</th>
                    <th>Job</th>
                    <th className="num">Attempts</th>
                    <th>Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {q.recentFailed.map((j) => (
                    <tr key={j.id}>
                      <td>{j.failedAt ? formatDateTime(j.failedAt) : '—'}</td>
                      <td>
                        <span className="mono">{j.name}</span> <span className="muted">#{j.id}</span>
                      </td>
                      <td className="num">{j.attemptsMade}</td>
                      <td className="negative">{j.failedReason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </AdminPage>
  );
}
