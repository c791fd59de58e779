import { useState } from 'react';

/** The new secret, shown once, with a Copy button and a warning. */
export function NewTokenSecret({ name, secret, onDone }: { name: string; secret: string; onDone(): void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="banner banner-info new-token" role="status">
      <div className="stack">
        <strong>Token “{name}” created. Copy it now: it will not be shown again.</strong>
        <div className="secret-row">
          <code className="mono secret" data-testid="new-token-secret">
            {secret}
          </code>
          <button type="button" className="button button-small button-primary" onClick={copy}>
            {copied === 'yes' ? 'Copied' : 'Copy'}
          </button>
        </div>
        {copied === 'failed' && <p className="error-text small">Copying failed: select the token and copy it by hand.</p>}
        <p className="muted small">
          Send it as <code>Authorization: Bearer &lt;token&gt;</code>. Anyone with it can act as you within its scopes; revoke it if it leaks.
        </p>
      </div>
      <button type="button" className="button button-small" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
