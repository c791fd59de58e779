/**
 * A Content-Disposition header that is safe for any project name: CR/LF and other control
 * characters, quotes, backslashes and path separators are removed or replaced, the `filename`
 * parameter is pure ASCII (for old clients) and `filename*` carries the exact UTF-8 name (RFC 6266,
 * RFC 5987), which every current browser prefers.
 */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    // Control characters (incl. CR/LF, which would split the header) and the DEL range.
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    // Path separators and characters Windows refuses in file names.
    .replace(/[/\\:*?"<>|]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    // A leading dot would hide the file on Unix.
    .replace(/^\.+/, '');
  return cleaned ? cleaned.slice(0, 200) : fallback;
}

function asciiFallback(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return ascii;
}

/** RFC 5987 value-chars: attr-char stays, everything else is percent-encoded UTF-8. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function contentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
