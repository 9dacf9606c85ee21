// Which files a FileDrop takes: the same `accept` syntax as <input type=file> (MIME types,
// type/* wildcards, .extensions), plus a size cap. Pure, so it is unit-tested.

export interface FileRejection {
  file: File;
  reason: string;
}

export function matchesAccept(file: Pick<File, 'name' | 'type'>, accept: string | undefined): boolean {
  if (!accept || !accept.trim()) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || '').toLowerCase();
  return accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean)
    .some((a) => (a.startsWith('.') ? name.endsWith(a) : a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : type === a));
}

/** 1536 → "1.5 KB"; binary units, as file managers show them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = bytes / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${Number(v.toFixed(1))} ${units[u]}`;
}

export interface AcceptRules {
  accept?: string;
  maxSize?: number;
  multiple?: boolean;
}

/** Splits files into accepted and rejected (with a reason a person can read). */
export function sortFiles(files: File[], { accept, maxSize, multiple = false }: AcceptRules): { accepted: File[]; rejected: FileRejection[] } {
  const accepted: File[] = [];
  const rejected: FileRejection[] = [];
  for (const file of files) {
    if (!matchesAccept(file, accept)) rejected.push({ file, reason: `${file.name}: this file type is not accepted (${accept}).` });
    else if (maxSize !== undefined && file.size > maxSize) rejected.push({ file, reason: `${file.name}: larger than ${formatBytes(maxSize)}.` });
    else if (!multiple && accepted.length > 0) rejected.push({ file, reason: `${file.name}: only one file can be added.` });
    else accepted.push(file);
  }
  return { accepted, rejected };
}
