import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { formatDateTime } from '../../../ui/format';
import {
  MyNotificationsQuery,
  NotificationSettingsQuery,
  SetLowCreditsThresholdMutation,
  SetNotificationEnabledMutation,
} from '../graphql/notifications.graphql';

/**
 * E-mail notifications (issue 34 item 5): each kind on or off for the signed-in user (the same
 * switch the unsubscribe link in every such e-mail turns off), and the low-credit threshold.
 */
export function NotificationPreferences({ onResult }: { onResult(r: { ok: boolean; message: string }): void }) {
  const { data, loading } = useQuery(NotificationSettingsQuery);
  const recent = useQuery(MyNotificationsQuery, { fetchPolicy: 'cache-and-network' }).data?.myNotifications ?? [];
  const settings = data?.notificationSettings;
  // The settings have no id: each answer is written over the query's copy, so the page shows it.
  const [setEnabled, toggling] = useMutation(SetNotificationEnabledMutation, {
    update: (cache, r) => r.data && cache.writeQuery({ query: NotificationSettingsQuery, data: { notificationSettings: r.data.setNotificationEnabled } }),
  });
  const [setThreshold, saving] = useMutation(SetLowCreditsThresholdMutation, {
    update: (cache, r) => r.data && cache.writeQuery({ query: NotificationSettingsQuery, data: { notificationSettings: r.data.setLowCreditsThreshold } }),
  });
  const [threshold, setThresholdText] = useState('');
  useEffect(() => {
    if (settings) setThresholdText(settings.lowCreditsBelow);
  }, [settings?.lowCreditsBelow]);

  if (loading || !settings) return null;
  const saveThreshold = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await setThreshold({ variables: { credits: Number(threshold) } });
      onResult({ ok: true, message: 'Low-credit threshold saved' });
    } catch (err) {
      onResult({ ok: false, message: (err as Error).message });
    }
  };
  return (
    <section className="card">
      <h2>E-mail Notifications</h2>
      <h3>Recent</h3>
      {recent.length === 0 ? (
        <p className="muted">No notifications yet.</p>
      ) : (
        <div className="stack" aria-label="Recent notifications">
          {recent.map((n) => (
            <div key={n.id}>
              <span className="muted small">{formatDateTime(n.createdAt)}</span> {n.subject}
            </div>
          ))}
        </div>
      )}
      <h3>Send me e-mails for</h3>
      <p className="muted">Every such e-mail has an unsubscribe link that turns its kind off here.</p>
      <div className="stack">
        {settings.kinds.map((k) => (
          <div key={k.kind}>
            <label>
              <input
                type="checkbox"
                checked={k.enabled}
                disabled={toggling.loading}
                onChange={(e) =>
                  setEnabled({ variables: { kind: k.kind, enabled: e.target.checked } }).catch((err: Error) => onResult({ ok: false, message: err.message }))
                }
              />{' '}
              {k.label}
            </label>
          </div>
        ))}
      </div>
      <form onSubmit={saveThreshold}>
        <label>
          Warn me when my balance falls below{' '}
          <input
            type="number"
            min={0}
            max={1000000}
            step="0.01"
            value={threshold}
            onChange={(e) => setThresholdText(e.target.value)}
            aria-label="Low-credit threshold"
          />{' '}
          credits
        </label>{' '}
        <button type="submit" className="button" disabled={saving.loading}>
          Save
        </button>
      </form>
    </section>
  );
}
