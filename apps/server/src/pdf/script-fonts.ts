/**
 * Sinhala and Tamil in the server's PDFs (the invoice, the printable lab report). pdfkit's built-in
 * Latin fonts (Helvetica, Times) have WinAnsi encodings without Sinhala or Tamil glyphs, so runs of
 * those letters are set in embedded Noto Sans Sinhala / Noto Sans Tamil, read from the @fontsource
 * packages the web app already ships; pdfkit (fontkit) shapes them and embeds only the glyphs used.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { woffToSfnt } from './woff-to-sfnt.ts';

export type Script = 'sinhala' | 'tamil';

/** Each script's letters (with the zero-width joiners its conjuncts use) and its Noto font files. */
const SCRIPT_FONTS: Record<Script, { letters: RegExp; regular: string; bold: string }> = {
  sinhala: {
    letters: /[\u0D80-\u0DFF\u200C\u200D]/u,
    regular: '@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-400-normal.woff',
    bold: '@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-700-normal.woff',
  },
  tamil: {
    letters: /[\u0B80-\u0BFF\u200C\u200D]/u,
    regular: '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff',
    bold: '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff',
  },
};
const SCRIPTS = Object.keys(SCRIPT_FONTS) as Script[];

const fontBytes = new Map<string, Buffer>();
const requireFont = createRequire(import.meta.url);

/**
 * A script's Noto font as plain TrueType, read and unwrapped once per process, only when a document
 * needs that script.
 * @param script - sinhala or tamil
 * @param weight - regular or bold
 */
export function scriptFont(script: Script, weight: 'regular' | 'bold'): Buffer {
  const specifier = SCRIPT_FONTS[script][weight];
  let bytes = fontBytes.get(specifier);
  if (!bytes) {
    bytes = woffToSfnt(readFileSync(requireFont.resolve(specifier)));
    fontBytes.set(specifier, bytes);
  }
  return bytes;
}

/** A stretch of text set in one font: a script's Noto font, or the document's Latin font (null). */
export type TextRun = { script: Script | null; text: string };

/**
 * Splits a text into runs by script: Sinhala and Tamil letters in their own runs, everything else
 * (Latin, digits, spaces, punctuation) in Latin runs.
 * @param text - the text to set
 */
export function scriptRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const script = SCRIPTS.find((name) => SCRIPT_FONTS[name].letters.test(char)) ?? null;
    const last = runs.at(-1);
    // A joiner belongs to the run it sits in, whatever its script.
    if (
      last &&
      (last.script === script || (/[\u200C\u200D]/u.test(char) && last.script !== null))
    ) {
      last.text += char;
    } else {
      runs.push({ script, text: char });
    }
  }
  return runs;
}

/** A document's Latin font pair (pdfkit's standard fonts) and their ascender in 1/1000 em (AFM). */
export type LatinFonts = { regular: string; bold: string; ascender: number };

/** Helvetica and Helvetica-Bold (ascender 718). */
export const HELVETICA: LatinFonts = { regular: 'Helvetica', bold: 'Helvetica-Bold', ascender: 718 };
/** Times-Roman and Times-Bold, the PDF standard fonts' Times New Roman (ascender 683). */
export const TIMES: LatinFonts = { regular: 'Times-Roman', bold: 'Times-Bold', ascender: 683 };

/** Writing mixed-script text into one pdfkit document. */
export type ScriptWriter = {
  /** Sets the font size; kept here because pdfkit does not expose it. */
  setSize: (points: number) => void;
  /** Sets the font of a run: the Latin font, or the script's Noto font (registered on first use). */
  useFont: (script: Script | null, bold: boolean) => void;
  /** Writes a text at (x, y), run by run in the fonts its scripts need; doc.y ends below it. */
  write: (text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions, bold?: boolean) => void;
};

/**
 * A writer of text in Latin, Sinhala and Tamil for one document: each script run in its font, all on
 * the Latin font's baseline (Noto's ascender is taller).
 * @param doc - the document
 * @param latin - its Latin fonts
 * @param size - the font size it starts with
 */
export function scriptWriter(doc: PDFKit.PDFDocument, latin: LatinFonts, size: number): ScriptWriter {
  let points = size;
  const registered = new Set<string>();
  const setSize = (next: number): void => {
    points = next;
    doc.fontSize(next);
  };
  const useFont = (script: Script | null, bold: boolean): void => {
    if (script === null) {
      doc.font(bold ? latin.bold : latin.regular);
      return;
    }
    const weight = bold ? 'bold' : 'regular';
    const name = `${script}-${weight}`;
    if (!registered.has(name)) {
      doc.registerFont(name, scriptFont(script, weight));
      registered.add(name);
    }
    doc.font(name);
  };
  const write: ScriptWriter['write'] = (text, x, y, options, bold = false) => {
    const runs = scriptRuns(text);
    if (runs.length === 0) {
      runs.push({ script: null, text: '' });
    }
    runs.forEach((run, index) => {
      useFont(run.script, bold);
      const baseline = run.script === null ? {} : { baseline: -(latin.ascender / 1000) * points };
      const runOptions = { ...options, ...baseline, continued: index < runs.length - 1 };
      if (index === 0) {
        doc.text(run.text, x, y, runOptions);
      } else {
        doc.text(run.text, runOptions);
      }
    });
  };
  return { setSize, useFont, write };
}

/**
 * The document's bytes once it ends (call before doc.end()).
 * @param doc - the document
 */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
