import type { LeftFile } from '../card-files';

/** What the card holds that will not be sent, and why, shown before any byte goes. */
export function LeftOutFileList({ left }: { left: LeftFile[] }) {
  const skipped = left.filter((l) => l.skipped);
  const refusedByName = left.filter((l) => !l.skipped);
  if (!skipped.length && !refusedByName.length) return null;
  return (
    <div className="file-list" data-testid="left-out">
      <div className="file-list-header">
        <strong>
          {left.length} file{left.length === 1 ? '' : 's'} left out
        </strong>
        <span className="muted small">not sent</span>
      </div>
      <ul>
        {refusedByName.map((l) => (
          <li key={l.path}>
            <span className="file-name">{l.path}</span>
            <span className="small file-refused">{l.reason}</span>
          </li>
        ))}
        {skipped.map((l) => (
          <li key={l.path}>
            <span className="file-name">{l.path}</span>
            <span className="muted small">skipped: {l.reason}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
