/**
 * The hospital's report images as pdfkit reads them (issue 11): the part of pdfkit's image API the
 * printable report uses, and the check that an uploaded header, footer or signature can be drawn.
 */
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../../pdf/script-fonts.ts';

/** An image pdfkit has read: its size in pixels. */
export type OpenedImage = { width: number; height: number };
/**
 * pdfkit's openImage() and image() of an opened image: in pdfkit (js/pdfkit.js, image mixin) but
 * missing from @types/pdfkit. Opening once lets every page draw the same embedded image.
 */
export type ImageMixin = {
  openImage: (src: Buffer) => OpenedImage;
  image: (
    src: OpenedImage,
    x: number,
    y: number,
    options: { width: number; height: number },
  ) => unknown;
};

/** The most pixels a report image may have (4096 × 4096): far above a printed A4 header's need. */
export const LAB_REPORT_IMAGE_MAX_PIXELS = 4096 * 4096;

/**
 * Whether pdfkit can draw an uploaded header, footer or signature image: the bytes are opened and
 * embedded in a throwaway one-page PDF, so a PNG or JPEG whose data is damaged, or a variant pdfkit
 * does not read, is refused when it is set rather than failing every report of the hospital later.
 * @param bytes - the image file
 * @returns its size in pixels, or null when it cannot be drawn
 */
export async function labReportImageSize(
  bytes: Buffer,
): Promise<{ width: number; height: number } | null> {
  try {
    const doc = new PDFDocument({ size: [10, 10], autoFirstPage: false });
    const done = pdfBytes(doc);
    const images = doc as unknown as ImageMixin;
    const image = images.openImage(bytes);
    // openImage reads the header only; drawing decodes every pixel. A small file may declare a huge
    // image (a decompression bomb): refused before it is decoded.
    if (image.width * image.height > LAB_REPORT_IMAGE_MAX_PIXELS) {
      return null;
    }
    doc.addPage({ size: [10, 10], margin: 0 });
    images.image(image, 0, 0, { width: 10, height: 10 });
    doc.end();
    await done;
    return image.width > 0 && image.height > 0
      ? { width: image.width, height: image.height }
      : null;
  } catch {
    return null;
  }
}
