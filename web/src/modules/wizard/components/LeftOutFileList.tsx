import type { LeftFile } from '../card-files';

const byName = new Intl.Collator('en', { numeric: true }).compare;

/**
 * What the card holds that will not be sent, and why, shown before any byte goes: files refused by
 * name in red, DJI's side files (.THM, .IDX, .LRF ...) skipped on purpose in grey; each group by name.
 */
export function LeftOutFileList({ left }: { left: LeftFile[] }) {
  const sorted = [...left].sort((a, b) => byName(a.path, b.path));
  const skipped = sorted.filter((l) => l.skipped);
  const refusedByName = sorted.filter((l) => !l.skipped);
  if (!skipped.length && !refusedByName.length) return null;
  return (
    <div className="file-list" data-testid="left-out">
      <div className="file-list-header">
        <strong>
          {left.length} file{left.length === 1 ? '' : 's'} left out
        </strong>
        <span className="muted small">
          not sent{refusedByName.length > 0 && skipped.length > 0 ? ` · ${refusedByName.length} refused, ${skipped.length} skipped` : ''}
        </span>
      </div>
      <ul>
        {refusedByName.map((l) => (
          <li key={l.path} className="left-refused">
            <span className="file-name">{l.path}</span>
            <span className="small file-refused">{l.reason}</span>
          </li>
        ))}
        {skipped.map((l) => (
          <li key={l.path} className="left-skipped">
            <span className="file-name muted">{l.path}</span>
            <span className="muted small">skipped: {l.reason}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
