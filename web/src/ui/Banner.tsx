import type { ReactNode } from 'react';

/** A red error or green success banner (SPEC §2 Account, §8). */
export function Banner({ tone, children, onClose }: { tone: 'error' | 'success' | 'info'; children: ReactNode; onClose?: () => void }) {
  return (
    <div className={`banner banner-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span>{children}</span>
      {onClose && (
        <button type="button" className="banner-close" aria-label="Dismiss" onClick={onClose}>
          ×
        </button>
      )}
    </div>
  );
}
