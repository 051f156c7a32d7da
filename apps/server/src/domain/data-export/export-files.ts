import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { strToU8, Zip, ZipDeflate } from 'fflate';

/** Where finished exports are kept: DATA_DIR/exports, never served as static files. */
export function exportsDirOf(dataDir: string): string {
  return path.join(dataDir, 'exports');
}

/** Export keys (`<organizationId>/<exportId>.zip`) are made by the server only; anything else is refused. */
export function assertExportKey(fileKey: string): void {
  if (!/^[0-9a-f-]{36}\/[0-9a-f-]{36}\.zip$/.test(fileKey)) throw new Error(`Invalid export key: ${fileKey}`);
}

/** The ZIP of an export under the exports directory. */
export function exportFilePath(exportsDir: string, fileKey: string): string {
  assertExportKey(fileKey);
  return path.join(exportsDir, fileKey);
}

export interface ExportFile {
  name: string;
  content: string;
}

/** Rows become CSV with one column per key; nested values are written as JSON. */
export function toCsv(rows: readonly Record<string, unknown>[]): string {
  const columns: string[] = [];
  for (const row of rows) {
    for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  }
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet; a quote keeps it text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const CHUNK_BYTES = 256 * 1024;

/**
 * Writes the files into a ZIP at `target`, compressing in chunks and yielding to the event loop
 * between them so a large export does not stall the server's requests. The ZIP is written aside
 * and renamed, so a half-written file is never downloaded. Answers its size in bytes.
 */
export async function writeZip(target: string, files: readonly ExportFile[]): Promise<number> {
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  const output = createWriteStream(partial);
  const closed = new Promise<void>((resolve, reject) => {
    output.on('finish', resolve);
    output.on('error', reject);
  });
  try {
    const zip = new Zip((error, chunk, isFinal) => {
      if (error) {
        output.destroy(error);
        return;
      }
      output.write(chunk);
      if (isFinal) output.end();
    });
    for (const file of files) {
      const entry = new ZipDeflate(file.name, { level: 6 });
      zip.add(entry);
      const bytes = strToU8(file.content);
      for (let offset = 0; offset < bytes.length || offset === 0; offset += CHUNK_BYTES) {
        const end = Math.min(bytes.length, offset + CHUNK_BYTES);
        entry.push(bytes.subarray(offset, end), end >= bytes.length);
        await yieldToEventLoop();
        if (end >= bytes.length) break;
      }
    }
    zip.end();
    await closed;
    await rename(partial, target);
    return (await stat(target)).size;
  } catch (error) {
    output.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}
