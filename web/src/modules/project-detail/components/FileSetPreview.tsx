import { useState } from 'react';
import { imageOf, videoOf, type DetailFileSet } from '../types';

/**
 * The sticky preview (SPEC §2): the set's video, seekable because the file route honours Range
 * and the URI is signed; the image when there is no video or it cannot play, as its 1024 px
 * WebP preview (a few hundred KB, never the 10 MB original: that only behind "Open original").
 * Video errors are only logged (SPEC §8).
 */
export function FileSetPreview({ set, title }: { set: DetailFileSet; title: string }) {
  const video = videoOf(set);
  const image = imageOf(set);
  const [videoFailed, setVideoFailed] = useState(false);
  const showVideo = video && !videoFailed;
  const still = set.previewImageUri ?? set.thumbnailUri ?? undefined;
  return (
    <figure className="pd-preview card">
      <div className="pd-preview-frame">
        {showVideo ? (
          <video
            key={video.id}
            data-testid="preview-video"
            src={video.resourceUri}
            poster={still}
            controls
            preload="metadata"
            playsInline
            onError={(e) => {
              console.error(`Video error for ${video.filename}`, e.currentTarget.error);
              setVideoFailed(true);
            }}
          />
        ) : image ? (
          <img data-testid="preview-image" src={still ?? image.resourceUri} alt={title} />
        ) : (
          <div className="pd-preview-empty muted">No preview available</div>
        )}
      </div>
      <figcaption className="muted small">
        <span className="pd-preview-title">{title}</span>
        <span className="mono">{(video ?? image)?.filename ?? set.baseName}</span>
        {image && (
          <a className="small" href={image.resourceUri} target="_blank" rel="noreferrer" data-testid="open-original">
            Open original ({image.filename})
          </a>
        )}
      </figcaption>
    </figure>
  );
}
