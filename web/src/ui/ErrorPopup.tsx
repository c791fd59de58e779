import { useEffect } from 'react';

/** A failure popup that closes after 5 seconds or on any click (SPEC §2 Login, §9). */
export function ErrorPopup({ message, onClose }: { message: string; onClose: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, 5000);
    const onClick = () => onClose();
    // Registered after the click that opened it has finished propagating.
    const arm = setTimeout(() => document.addEventListener('click', onClick), 0);
    return () => {
      clearTimeout(timer);
      clearTimeout(arm);
      document.removeEventListener('click', onClick);
    };
  }, [onClose]);
  return (
    <div className="popup popup-error" role="alert">
      {message}
    </div>
  );
}
