/** Files of a drop that may hold folders (a whole memory card), each with its path on the card. */

interface Entry {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
}
interface FileEntry extends Entry {
  file(ok: (f: File) => void, fail: (e: unknown) => void): void;
}
interface DirectoryEntry extends Entry {
  createReader(): { readEntries(ok: (entries: Entry[]) => void, fail: (e: unknown) => void): void };
}

/** A dropped folder's entries: readEntries answers in batches (100 in Chromium) until an empty one. */
async function readAll(dir: DirectoryEntry): Promise<Entry[]> {
  const reader = dir.createReader();
  const out: Entry[] = [];
  for (;;) {
    const batch = await new Promise<Entry[]>((ok, fail) => reader.readEntries(ok, fail));
    if (!batch.length) return out;
    out.push(...batch);
  }
}

async function walk(entry: Entry, out: Array<{ file: File; path: string }>): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((ok, fail) => (entry as FileEntry).file(ok, fail));
    out.push({ file, path: entry.fullPath.replace(/^\//, '') });
  } else if (entry.isDirectory) {
    for (const child of await readAll(entry as DirectoryEntry)) await walk(child, out);
  }
}

/** Every file of a drop, folders walked (DCIM/100MEDIA/...); plain files where the browser has no entries. */
export async function filesOfDrop(data: DataTransfer): Promise<Array<{ file: File; path: string }>> {
  const items = Array.from(data.items ?? []).filter((i) => i.kind === 'file');
  const entries = items.map((i) => (i as DataTransferItem & { webkitGetAsEntry?: () => Entry | null }).webkitGetAsEntry?.() ?? null);
  if (!entries.length || entries.some((e) => !e)) return Array.from(data.files).map((file) => ({ file, path: file.name }));
  const out: Array<{ file: File; path: string }> = [];
  for (const e of entries) await walk(e!, out);
  return out;
}

/** Files of an <input> (a folder picked with webkitdirectory carries each file's relative path). */
export const filesOfInput = (list: FileList): Array<{ file: File; path: string }> =>
  Array.from(list).map((file) => ({ file, path: (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name }));
