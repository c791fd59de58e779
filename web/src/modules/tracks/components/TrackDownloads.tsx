import { useState } from 'react';
import { downloadFile } from '../../../client/rest';

const FORMATS = [
  { id: 'gpx', label: 'GPX' },
  { id: 'kml', label: 'KML' },
  { id: 'geojson', label: 'GeoJSON' },
] as const;

/** GPX / KML / GeoJSON buttons for one path prefix (`/api/filesets/{id}/track` or `/api/projects/{id}/tracks`). */
export function TrackDownloads({ label, prefix, fileBase, testId }: { label: string; prefix: string; fileBase: string; testId: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const get = async (ext: string) => {
    setBusy(true);
    setFailed(null);
    try {
      await downloadFile(`${prefix}.${ext}`, `${fileBase}.${ext}`);
    } catch (err) {
      console.error(err);
      setFailed(`Failed to download the ${ext.toUpperCase()} file`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flight-downloads" data-testid={testId}>
      <span className="small muted">{label}</span>
      {FORMATS.map((f) => (
        <button key={f.id} type="button" className="button button-small" disabled={busy} onClick={() => void get(f.id)}>
          {f.label}
        </button>
      ))}
      {failed && (
        <span className="small flight-error" role="alert">
          {failed}
        </span>
      )}
    </div>
  );
}
