import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFString,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { licencePdf, type LicenceFacts } from './licence';
import { verifyUrl } from './downloads';

/*
 * The licence PDF names its public verification page twice: as printed text (the address) and as a
 * QR code image. The test reads both back out of the saved file: the text operators of the page
 * content, and the image's pixels, sampled per module and compared with the QR code of the address.
 */

const PURCHASE_ID = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
const facts = (overrides: Partial<LicenceFacts> = {}): LicenceFacts => ({
  purchaseId: PURCHASE_ID,
  licensee: 'Ava Artist',
  producerName: 'Pro Ducer',
  beatName: 'Night Drive',
  package: 'relationship',
  pricePaidCents: 4999,
  signedDate: new Date('2025-03-04T10:00:00Z'),
  verifyUrl: verifyUrl('https://beatmatch.example/', PURCHASE_ID),
  ...overrides,
});

function bytesOf(stream: PDFObject | undefined): Buffer {
  if (!(stream instanceof PDFRawStream)) throw new Error('not a stream');
  const raw = Buffer.from(stream.getContents());
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  return filter === PDFName.of('FlateDecode') ? inflateSync(raw) : raw;
}

function contentOf(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams.map((stream) => bytesOf(stream).toString('latin1')).join('\n');
}

/** The text a page draws (pdf-lib writes the standard fonts' text as hex strings: `<…> Tj`). */
function textOf(page: PDFPage): string {
  return [...contentOf(page).matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)]
    .map((match) => Buffer.from(match[1]!, 'hex').toString('latin1'))
    .join('\n');
}

function imagesOf(page: PDFPage): { name: string; stream: PDFRawStream }[] {
  const xObjects = page.node.Resources()?.lookup(PDFName.of('XObject'));
  if (!(xObjects instanceof PDFDict)) return [];
  return xObjects
    .entries()
    .map(([name, ref]) => ({ name: name.asString(), stream: page.doc.context.lookup(ref as PDFRef) }))
    .filter(
      (entry): entry is { name: string; stream: PDFRawStream } =>
        entry.stream instanceof PDFRawStream &&
        entry.stream.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Image'),
    );
}

/** The dark modules of an RGB image of a QR code with a quiet zone of `margin` modules. */
function modulesOfImage(stream: PDFRawStream, size: number, margin: number): boolean[] {
  const width = (stream.dict.lookup(PDFName.of('Width')) as unknown as { asNumber(): number }).asNumber();
  const height = (stream.dict.lookup(PDFName.of('Height')) as unknown as { asNumber(): number }).asNumber();
  expect(width).toBe(height);
  const pixels = bytesOf(stream);
  expect(pixels.length).toBe(width * height * 3);
  const cell = width / (size + 2 * margin);
  const dark: boolean[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const x = Math.floor((col + margin + 0.5) * cell);
      const y = Math.floor((row + margin + 0.5) * cell);
      dark.push(pixels[(y * width + x) * 3]! < 128);
    }
  }
  return dark;
}

describe('licence PDF', () => {
  it('prints the verification page address and its QR code on the last page', async () => {
    const url = facts().verifyUrl;
    expect(url).toBe(`https://beatmatch.example/license/verify/${PURCHASE_ID}`);
    const pdf = await PDFDocument.load(await licencePdf(facts()));
    const last = pdf.getPage(pdf.getPageCount() - 1);

    const text = pdf
      .getPages()
      .map((page) => textOf(page))
      .join('\n');
    expect(text).toContain('Night Drive');
    expect(text).toContain('Ava Artist');
    expect(textOf(last)).toContain(url);

    const images = imagesOf(last);
    expect(images).toHaveLength(1);
    const [qr] = images;
    // The image is drawn on the page, not only stored.
    expect(contentOf(last)).toContain(`${qr!.name} Do`);

    // Its pixels are the QR code of that address, module for module.
    const expected = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
    const expectedDark = Array.from(expected.data, (bit) => bit === 1);
    expect(modulesOfImage(qr!.stream, expected.size, 2)).toEqual(expectedDark);
    // …and not the code of another licence's address.
    const other = QRCode.create(verifyUrl('https://beatmatch.example', 'another-id'), {
      errorCorrectionLevel: 'M',
    }).modules;
    expect(Array.from(other.data, (bit) => bit === 1)).not.toEqual(expectedDark);

    // On screen, the QR code links to the page.
    const annots =
      last.node
        .Annots()
        ?.asArray()
        .map((ref) => pdf.context.lookup(ref)) ?? [];
    const uris = annots
      .filter((annot): annot is PDFDict => annot instanceof PDFDict)
      .map((annot) => annot.lookup(PDFName.of('A'), PDFDict).lookup(PDFName.of('URI')))
      .map((uri) => (uri instanceof PDFString ? uri.decodeText() : String(uri)));
    expect(uris).toEqual([url]);
  });

  it('escapes the purchase id in the address', () => {
    expect(verifyUrl('http://127.0.0.1:8080', 'a/b c')).toBe(
      'http://127.0.0.1:8080/license/verify/a%2Fb%20c',
    );
  });
});
