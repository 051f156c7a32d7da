import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { MigrationLevel } from './migration-level.ts';

/**
 * A MedHire backup is one gzipped tar:
 *
 *   database/<schema>.<table>.copy   each table's rows in PostgreSQL's COPY text format
 *   files/<path under DATA_DIR>      uploads, data exports and the generated secrets
 *   manifest.json                    what the archive holds, with the sha256 of every member above
 *   manifest.sha256                  the sha256 of manifest.json, so a damaged manifest is caught too
 *
 * The manifest comes last because the checksums are known only once the members are written;
 * a reader checks the whole archive in one pass before it writes anything.
 */
export const MANIFEST_MEMBER = 'manifest.json';
export const MANIFEST_CHECKSUM_MEMBER = 'manifest.sha256';
export const BACKUP_FORMAT = 'medhire-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface TableDump {
  schema: string;
  name: string;
  /** The columns in the order of the member's lines (generated columns are left out). */
  columns: string[];
  rows: number;
  member: string;
}

export interface SequenceValue {
  schema: string;
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  appVersion: string;
  migration: MigrationLevel;
  postgres: { serverVersion: string };
  database: { tables: TableDump[]; sequences: SequenceValue[] };
  /** Every member but the manifest and its checksum: size in bytes and sha256 (hex). */
  members: Record<string, { size: number; sha256: string }>;
}

/** A refusal: the message is written for the person running the command. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface ArchiveWriter {
  /** Adds a file from disk; answers its size and sha256 as written. */
  addFile(
    name: string,
    filePath: string,
    size: number,
    mode?: number,
  ): Promise<{ size: number; sha256: string }>;
  addBuffer(name: string, content: Buffer, mode?: number): Promise<void>;
  finish(): Promise<void>;
}

/** Opens a gzipped tar for writing at `filePath`. */
export function createArchiveWriter(filePath: string): ArchiveWriter {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: 6 }), createWriteStream(filePath, { mode: 0o600 }));
  // Surface a write failure at the next call instead of as an unhandled rejection.
  let failure: unknown;
  written.catch((error: unknown) => {
    failure = error;
  });
  const check = () => {
    if (failure) throw failure;
  };
  return {
    async addFile(name, filePath, size, mode = 0o644) {
      check();
      const hash = createHash('sha256');
      let counted = 0;
      await new Promise<void>((resolve, reject) => {
        const done = (error?: Error | null) => (error ? reject(error) : resolve());
        if (size === 0) {
          pack.entry({ name, size, mode, mtime: new Date() }, Buffer.alloc(0), done);
          return;
        }
        const entry = pack.entry({ name, size, mode, mtime: new Date() }, done);
        const source = createReadStream(filePath, { start: 0, end: size - 1 });
        source.on('data', (chunk) => {
          hash.update(chunk as Buffer);
          counted += (chunk as Buffer).length;
        });
        source.on('error', reject);
        source.pipe(entry);
      });
      if (counted !== size) throw new BackupError(`${filePath} changed while it was being archived.`);
      return { size, sha256: hash.digest('hex') };
    },
    async addBuffer(name, content, mode = 0o644) {
      check();
      await new Promise<void>((resolve, reject) => {
        pack.entry({ name, size: content.length, mode, mtime: new Date() }, content, (error) =>
          error ? reject(error) : resolve(),
        );
      });
    },
    async finish() {
      pack.finalize();
      await written;
    },
  };
}

export function sha256(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex');
}

export interface ArchiveEntry {
  name: string;
  size: number;
  mode: number;
  /** The member's bytes; must be consumed (or resumed) before the next entry comes. */
  stream: Readable;
}

/** Reads the archive's members one after another. Truncation or a damaged gzip stream throws. */
export async function readArchive(
  filePath: string,
  onEntry: (entry: ArchiveEntry) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(filePath), createGunzip(), extract);
  let failure: unknown;
  reading.catch((error: unknown) => {
    failure = error;
  });
  try {
    for await (const entry of extract) {
      await onEntry({
        name: entry.header.name,
        size: entry.header.size ?? 0,
        mode: entry.header.mode ?? 0o644,
        stream: entry as unknown as Readable,
      });
      entry.resume();
    }
    await reading;
  } catch (error) {
    extract.destroy();
    await reading.catch(() => {});
    throw failure ?? error;
  }
}

/**
 * Reads the whole archive and checks it against its manifest: every member present with its
 * size and sha256, nothing extra, the manifest's own checksum. Writes nothing.
 */
export async function verifyArchive(filePath: string): Promise<BackupManifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestBytes: Buffer | undefined;
  let manifestChecksum: string | undefined;
  try {
    await readArchive(filePath, async (entry) => {
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      const isManifest = entry.name === MANIFEST_MEMBER || entry.name === MANIFEST_CHECKSUM_MEMBER;
      let size = 0;
      for await (const chunk of entry.stream) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (isManifest) chunks.push(chunk as Buffer);
      }
      if (entry.name === MANIFEST_MEMBER) manifestBytes = Buffer.concat(chunks);
      else if (entry.name === MANIFEST_CHECKSUM_MEMBER)
        manifestChecksum = Buffer.concat(chunks).toString('utf8').trim();
      else seen.set(entry.name, { size, sha256: hash.digest('hex') });
    });
  } catch (error) {
    throw new BackupError(
      `${filePath} is damaged or incomplete (${error instanceof Error ? error.message : String(error)}); nothing was restored.`,
    );
  }
  if (!manifestBytes || !manifestChecksum) {
    throw new BackupError(
      `${filePath} is not a complete MedHire backup (its manifest is missing); nothing was restored.`,
    );
  }
  if (sha256(manifestBytes) !== manifestChecksum) {
    throw new BackupError(
      `${filePath} is damaged: its manifest does not match its checksum; nothing was restored.`,
    );
  }
  const manifest = JSON.parse(manifestBytes.toString('utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${filePath} is not a MedHire backup of a format this version reads; nothing was restored.`,
    );
  }
  for (const [name, expected] of Object.entries(manifest.members)) {
    const actual = seen.get(name);
    if (!actual)
      throw new BackupError(`${filePath} is incomplete: ${name} is missing; nothing was restored.`);
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      throw new BackupError(
        `${filePath} is damaged: ${name} does not match its checksum; nothing was restored.`,
      );
    }
  }
  const extra = [...seen.keys()].filter((name) => !(name in manifest.members));
  if (extra.length > 0) {
    throw new BackupError(
      `${filePath} holds members its manifest does not list (${extra[0]}); nothing was restored.`,
    );
  }
  return manifest;
}
