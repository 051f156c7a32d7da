import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectUploadType } from '../../../src/domain/uploads/detect-upload-type.ts';
import { minimalMp4 } from './upload-fixtures.ts';

const pixel = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366cc' } });

/** An EBML header declaring the given document type (WebM is Matroska with docType "webm"). */
function ebml(docType: string): Buffer {
  const docTypeElement = Buffer.concat([
    Buffer.from([0x42, 0x82, 0x80 | docType.length]),
    Buffer.from(docType),
  ]);
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | docTypeElement.length]),
    docTypeElement,
    Buffer.alloc(64),
  ]);
}

function isoMedia(brand: string): Buffer {
  const mp4 = minimalMp4(64);
  mp4.write(brand.padEnd(4, ' '), 8, 'latin1');
  return mp4;
}

describe('detectUploadType', () => {
  it('recognises the accepted images by their bytes', async () => {
    expect(await detectUploadType(await pixel().jpeg().toBuffer())).toMatchObject({
      kind: 'image',
      mimeType: 'image/jpeg',
    });
    expect(await detectUploadType(await pixel().png().toBuffer())).toMatchObject({
      kind: 'image',
      mimeType: 'image/png',
    });
    expect(await detectUploadType(await pixel().webp().toBuffer())).toMatchObject({
      kind: 'image',
      mimeType: 'image/webp',
    });
    expect(await detectUploadType(await pixel().gif().toBuffer())).toMatchObject({
      kind: 'image',
      mimeType: 'image/gif',
    });
    expect(await detectUploadType(await pixel().avif().toBuffer())).toMatchObject({
      kind: 'image',
      mimeType: 'image/avif',
    });
  });

  it('recognises MP4, MOV and WebM videos and stores .m4v as MP4', async () => {
    expect(await detectUploadType(minimalMp4())).toEqual({
      kind: 'video',
      mimeType: 'video/mp4',
      extension: 'mp4',
    });
    expect(await detectUploadType(isoMedia('qt'))).toEqual({
      kind: 'video',
      mimeType: 'video/quicktime',
      extension: 'mov',
    });
    expect(await detectUploadType(isoMedia('M4V'))).toEqual({
      kind: 'video',
      mimeType: 'video/mp4',
      extension: 'mp4',
    });
    expect(await detectUploadType(ebml('webm'))).toEqual({
      kind: 'video',
      mimeType: 'video/webm',
      extension: 'webm',
    });
  });

  it('refuses everything else: text, PDF, SVG, audio-only MP4, Matroska', async () => {
    const refused = [
      Buffer.from('Just some notes about the clinic'),
      Buffer.from('%PDF-1.7\n1 0 obj\n<< >>\nendobj\n'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      isoMedia('M4A'),
      ebml('matroska'),
      Buffer.alloc(0),
    ];
    for (const bytes of refused) expect(await detectUploadType(bytes)).toBeUndefined();
  });
});
