import { LICENCE_TERMS, licenceClauses, PACKAGE_TITLES, type PackageName } from '@beatmatch/contracts';
import { PDFDocument, PDFString, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';

/** What one licence names (producer-side §9: the Unlimited Non-Exclusive License Agreement). */
export interface LicenceFacts {
  purchaseId: string;
  licensee: string;
  producerName: string;
  beatName: string;
  package: PackageName;
  pricePaidCents: number;
  signedDate: Date;
  /** The public page that tells whether this licence is genuine. */
  verifyUrl: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
/** The QR code's side on the page, in points (about 3 cm: a phone reads it from a printout). */
const QR_SIZE = 96;

/** Latin-1 only (the standard PDF fonts): anything else becomes '?', never a crash on a user's name. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of printable(text).split(/\s+/)) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && current) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

/** The licence as an A4 PDF filled with the purchase's facts and the terms of LICENCE_TERMS. */
export async function licencePdf(facts: LicenceFacts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${LICENCE_TERMS.name} — ${printable(facts.beatName)}`);
  doc.setSubject(`Licence ${facts.purchaseId}`);
  doc.setCreator('Beatmatch');
  doc.setCreationDate(facts.signedDate);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const width = A4[0] - 2 * MARGIN;
  const write = (text: string, font: PDFFont, size: number, gap = 4) => {
    for (const line of wrap(text, font, size, width)) {
      if (y < MARGIN + size) {
        page = doc.addPage(A4);
        y = A4[1] - MARGIN;
      }
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= size + gap;
    }
  };
  write(LICENCE_TERMS.name, bold, 18, 12);
  const date = facts.signedDate.toISOString().slice(0, 10);
  write(
    `This agreement is made on ${date} between ${facts.producerName} ("Producer") and ${facts.licensee} ("Licensee").`,
    regular,
    11,
  );
  y -= 6;
  write(`Beat: ${facts.beatName}`, regular, 11);
  write(`Package: ${PACKAGE_TITLES[facts.package]}`, regular, 11);
  write(`Fee paid: $${(facts.pricePaidCents / 100).toFixed(2)} (USD)`, regular, 11);
  write(`Licence number: ${facts.purchaseId}`, regular, 11);
  y -= 8;
  write(
    'The Producer grants the Licensee a non-exclusive licence to use the beat on the following terms. The Producer keeps the copyright of the beat and may license it to others.',
    regular,
    11,
  );
  for (const [index, clause] of licenceClauses().entries()) {
    y -= 4;
    write(`${index + 1}. ${clause.title}`, bold, 11, 2);
    write(clause.text, regular, 11);
  }
  y -= 10;
  write('Check that this licence is genuine: open this address or scan the QR code.', regular, 10);
  write(facts.verifyUrl, regular, 10);
  // The verification page's address as a QR code (a PNG image), below the address.
  const qr = await doc.embedPng(
    await QRCode.toBuffer(facts.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 300 }),
  );
  if (y - QR_SIZE < MARGIN) {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  }
  page.drawImage(qr, { x: MARGIN, y: y - QR_SIZE, width: QR_SIZE, height: QR_SIZE });
  // On screen the QR code is a link to the page too.
  const link = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [MARGIN, y - QR_SIZE, MARGIN + QR_SIZE, y],
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(facts.verifyUrl) },
    }),
  );
  page.node.addAnnot(link);
  return doc.save();
}
