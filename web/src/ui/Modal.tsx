import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * A centred dialog; Escape and the backdrop close it. Rendered into <body>: opened from inside a card
 * (the project page's export buttons), an ancestor's backdrop-filter would otherwise make that card the
 * fixed backdrop's frame and the editor below would cover the dialog.
 */
export function Modal({ title, children, onClose }: { title: string; children: ReactNode; onClose: () => void }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    <div className="modal-backdrop" onClick={onClose}>
      <div className="modal card" role="dialog" aria-modal="true" aria-label={title} onClick={(e) => e.stopPropagation()}>
        <h2>{title}</h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
