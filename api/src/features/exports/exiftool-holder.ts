import type { ExifTool } from 'exiftool-vendored';

/**
 * One ExifTool per process (exiftool-vendored ships its own Perl exiftool and keeps it running
 * with -stay_open): started on first use, ended when the server stops so no child process outlives it.
 */
export class ExifToolHolder {
  private instance: Promise<ExifTool> | undefined;

  /** The module too loads on first use (~20 MB): an API process that writes no JPG never carries it. */
  get(): Promise<ExifTool> {
    this.instance ??= import('exiftool-vendored').then(({ ExifTool }) => new ExifTool({ maxProcs: 2, taskTimeoutMillis: 60_000 }));
    return this.instance;
  }

  async end(): Promise<void> {
    const running = this.instance;
    this.instance = undefined;
    await (await running)?.end();
  }
}
