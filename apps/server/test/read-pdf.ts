import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Reading a PDF back in tests (issue 9: Invoice.pdf is checked with a PDF parser).

// pdf.js reads the metrics of the 14 standard fonts (Helvetica) from its package.
const standardFontDataUrl =
  join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';

/**
 * Reads a PDF back with pdf.js: each page's size in points and its text (one string per page, lines
 * joined by newlines), and the document's title.
 * @param bytes - the PDF file
 */
export async function readPdf(
  bytes: Uint8Array,
): Promise<{ pages: { width: number; height: number; text: string }[]; title: unknown }> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    standardFontDataUrl,
  }).promise;
  try {
    const pages = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
      pages.push({ width: x1 - x0, height: y1 - y0, text });
    }
    const meta = await pdf.getMetadata();
    return { pages, title: (meta.info as Record<string, unknown>).Title };
  } finally {
    await pdf.destroy();
  }
}
