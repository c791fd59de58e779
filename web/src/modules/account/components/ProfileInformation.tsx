import { useState } from 'react';
import type { Viewer } from '../../auth/session';
import { formatDate } from '../../../ui/format';

/**
 * Profile Information (SPEC §2, §4): username and email read-only; names editable, save is not
 * built yet. Outside edit mode the stored names show, so leaving edit mode (Save or Cancel) never
 * leaves a typed name on screen as if it had been saved.
 */
export function ProfileInformation({ viewer, onNotice }: { viewer: Viewer; onNotice(message: string): void }) {
  const [editing, setEditing] = useState(false);
  const [firstName, setFirstName] = useState(viewer.firstName ?? '');
  const [lastName, setLastName] = useState(viewer.lastName ?? '');
  const startEditing = () => {
    setFirstName(viewer.firstName ?? '');
    setLastName(viewer.lastName ?? '');
    setEditing(true);
  };
  return (
    <section className="card">
      <div className="section-header">
        <h2>Profile Information</h2>
        {!editing && (
          <button type="button" className="button button-small" onClick={startEditing}>
            Edit Profile
          </button>
        )}
      </div>
      <dl className="details">
        <dt>Username</dt>
        <dd>{viewer.username}</dd>
        <dt>Email</dt>
        <dd>{viewer.email}</dd>
        <dt>First name</dt>
        <dd>{editing ? <input aria-label="First name" value={firstName} onChange={(e) => setFirstName(e.target.value)} /> : viewer.firstName || '—'}</dd>
        <dt>Last name</dt>
        <dd>{editing ? <input aria-label="Last name" value={lastName} onChange={(e) => setLastName(e.target.value)} /> : viewer.lastName || '—'}</dd>
        <dt>Member since</dt>
        <dd>{formatDate(viewer.createdAt)}</dd>
      </dl>
      {editing && (
        <div className="actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              onNotice('Profile update functionality coming soon!');
              setEditing(false);
            }}
          >
            Save
          </button>
          <button type="button" className="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </div>
      )}
    </section>
  );
}
