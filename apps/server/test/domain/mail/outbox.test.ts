import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxDir, readOutbox, writeOutboxMessage } from '../../../src/domain/mail/outbox.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'medhire-outbox-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const message = (index: number) => ({
  to: 'reader@clinic.example',
  from: 'MedHire <no-reply@medhire.example>',
  subject: `Your code ${index}`,
  text: `Your code is ${String(100_000 + index)}. ${'Padding so the file takes more than one write. '.repeat(14_000)}`,
  html: '<p>code</p>',
});

describe('the mail outbox', () => {
  it('never shows a reader a message still being written', async () => {
    let isWriting = true;
    const writes = Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        writeOutboxMessage(dataDir, message(index), Buffer.from('raw')),
      ),
    ).finally(() => {
      isWriting = false;
    });
    let reads = 0;
    while (isWriting) {
      await readOutbox(dataDir, 'reader@clinic.example');
      reads += 1;
    }
    await writes;
    expect(reads).toBeGreaterThan(0);
    const stored = await readOutbox(dataDir, 'Reader@Clinic.example');
    expect(stored.map((entry) => entry.subject).sort()).toEqual(
      Array.from({ length: 40 }, (_, index) => `Your code ${index}`).sort(),
    );
    // Nothing half-written is left beside the messages.
    const names = await readdir(outboxDir(dataDir));
    expect(names.filter((name) => !name.endsWith('.json') && !name.endsWith('.eml'))).toEqual([]);
  });
});
