import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { IssuePasswordResetLinkMutation } from '../../account/graphql/password.graphql';
import { serverMessage } from '../../../client/graphql-errors';
import { Modal } from '../../../ui/Modal';
import { formatDateTime } from '../../../ui/format';

/** Absolute link for the administrator to hand over (the server answers a path unless PUBLIC_URL is set). */
const absolute = (url: string) => new URL(url, window.location.origin).toString();

/** Admin users screen: issues a one-time password-reset link for a user and shows it to copy (no e-mail is sent). */
export function PasswordResetLinkButton({ userId, username }: { userId: string; username: string }) {
  const [issue, { loading }] = useMutation(IssuePasswordResetLinkMutation);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const create = async () => {
    if (!confirm(`Create a one-time password-reset link for ${username}? Any earlier unused link for this user stops working.`)) return;
    setError(null);
    setCopied(false);
    try {
      const { data } = await issue({ variables: { userId } });
      if (data) setLink({ url: absolute(data.issuePasswordResetLink.url), expiresAt: String(data.issuePasswordResetLink.expiresAt) });
    } catch (err) {
      setError(serverMessage(err, 'Failed to create the reset link'));
    }
  };
  const close = () => setLink(null);

  return (
    <>
      <button type="button" className="button button-small" onClick={create} disabled={loading} aria-label={`Reset link for ${username}`}>
        Reset link
      </button>
      {error && <span className="error-text">{error}</span>}
      {link && (
        <Modal title={`Password-reset link for ${username}`} onClose={close}>
          <p>
            Give this link to {username} yourself: no e-mail is sent. It works once, until {formatDateTime(link.expiresAt)}.
          </p>
          <input className="reset-link" aria-label="Reset link" readOnly value={link.url} onFocus={(e) => e.currentTarget.select()} />
          <div className="actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() =>
                navigator.clipboard.writeText(link.url).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {copied ? 'Copied' : 'Copy link'}
            </button>
            <button type="button" className="button" onClick={close}>
              Close
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
