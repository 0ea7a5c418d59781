/**
 * The certificate as a one-page PDF (US Letter, landscape): the site's name and colour, what it is
 * worth, the code large enough to read across a counter, who it is for and from, the buyer's
 * message, how to redeem it and until when. A certificate from a test checkout says across it
 * that it is not valid.
 */
import PDFDocument from 'pdfkit';
import type { Site } from '../../../runtime/site.ts';
import { longDate } from './words.ts';
import { valueLine, type Certificate } from './certificate.ts';

/** The characters of the PDF's built-in fonts (Windows-1252) beyond Latin-1. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Letters with no accent to take off, written as their nearest plain letter. */
const LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };

/**
 * Text the built-in fonts can draw: accented letters outside their set lose the accent, emoji are
 * left out, anything else becomes "?". The e-mail carries the text exactly as written.
 */
export function printable(text: string): string {
  return [...text.normalize('NFC').replace(/\r\n?/g, '\n')]
    .map((ch) => {
      const c = ch.codePointAt(0) ?? 0;
      if (ch === '\n' || (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.includes(ch)) return ch;
      if (/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\p{Cc}|\p{Cf}|\ufe0f/u.test(ch)) return '';
      const base = LETTERS[ch] ?? ch.normalize('NFD').replace(/\p{M}/gu, '');
      return base && [...base].every((b) => (b.codePointAt(0) ?? 0) < 0x7f) ? base : '?';
    })
    .join('')
    .replace(/ {2,}/g, ' ');
}

export function certificatePdf(site: Site, certificate: Certificate, redeem: string): Promise<Buffer> {
  const locale = site.data.site.language;
  const color = site.data.theme?.colors?.primary ?? '#1d2430';
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: 0,
    info: { Title: `${printable(site.data.site.name)}: gift certificate ${certificate.code}`, Author: printable(site.data.site.name) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { width, height } = doc.page;
  const left = 72;
  const inner = width - 2 * left;
  doc
    .roundedRect(24, 24, width - 48, height - 48, 12)
    .lineWidth(3)
    .stroke(color);
  doc
    .roundedRect(32, 32, width - 64, height - 64, 8)
    .lineWidth(0.75)
    .stroke(color);

  doc
    .fillColor(color)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(printable(site.data.site.name).toUpperCase(), left, 58, { width: inner, align: 'center', characterSpacing: 2 });
  doc.font('Times-Bold').fontSize(42).text('Gift certificate', left, 80, { width: inner, align: 'center' });
  doc
    .fillColor('#1d2430')
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(printable(valueLine(certificate, locale)), left, 136, { width: inner, align: 'center' });

  doc.font('Helvetica').fontSize(13);
  const people = [`For ${printable(certificate.recipientName)}`, certificate.buyerName ? `from ${printable(certificate.buyerName)}` : '']
    .filter(Boolean)
    .join(' ');
  doc.text(people, left, 176, { width: inner, align: 'center' });
  if (certificate.message)
    doc
      .font('Times-Italic')
      .fontSize(14)
      .text(`“${printable(certificate.message)}”`, left + 60, 204, { width: inner - 120, align: 'center', height: 90, ellipsis: true });

  doc
    .roundedRect(width / 2 - 190, 318, 380, 64, 6)
    .lineWidth(1.5)
    .stroke(color);
  doc.fillColor('#1d2430').font('Helvetica').fontSize(10).text('CODE', left, 326, { width: inner, align: 'center', characterSpacing: 2 });
  doc.font('Courier-Bold').fontSize(30).text(certificate.code, left, 342, { width: inner, align: 'center' });

  doc.font('Helvetica-Bold').fontSize(11).text('How to redeem', left, 404, { width: inner, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(printable(redeem), left + 40, 420, { width: inner - 80, align: 'center', height: 60, ellipsis: true });
  doc.text(certificate.validUntil ? `Valid until ${longDate(certificate.validUntil, locale)}.` : 'This certificate does not expire.', left, 486, {
    width: inner,
    align: 'center',
  });
  const contact = [site.data.site.phone, site.data.site.email].filter(Boolean).join('   ·   ');
  doc
    .fillColor(color)
    .fontSize(10)
    .text(printable(contact), left, height - 78, { width: inner, align: 'center' });

  if (certificate.testMode) {
    doc.save();
    doc.rotate(-22, { origin: [width / 2, height / 2] });
    doc
      .fillColor('#c0392b')
      .fillOpacity(0.3)
      .font('Helvetica-Bold')
      .fontSize(64)
      .text('TEST MODE — not valid', 0, height / 2 - 36, { width, align: 'center' });
    doc.restore();
  }
  doc.end();
  return done;
}
