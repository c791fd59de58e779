/** How much the picture changes between a clip's frames: the motion the pixels show, without telemetry. */
// sharp loads with the first comparison (processing only), not with the API process.
const loadSharp = async () => (await import('sharp')).default;

const SIDE = 64;

async function tiny(file: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(file).greyscale().resize(SIDE, SIDE, { fit: 'fill' }).raw().toBuffer();
}

/**
 * Mean absolute luma difference between consecutive frames (0 = identical, 1 = black to white),
 * the largest of the pairs; null with fewer than two frames.
 */
export async function frameChange(frames: readonly string[]): Promise<number | null> {
  if (frames.length < 2) return null;
  const bufs = await Promise.all(frames.map(tiny));
  let most = 0;
  for (let i = 1; i < bufs.length; i++) {
    const a = bufs[i - 1]!;
    const b = bufs[i]!;
    let sum = 0;
    for (let j = 0; j < a.length; j++) sum += Math.abs(a[j]! - b[j]!);
    most = Math.max(most, sum / a.length / 255);
  }
  return most;
}
