/**
 * A bounded in-memory cache of rendered report PDFs (issue 11 part 2: "Cache it until the report
 * changes"). An entry is kept under the report's key together with a version stamp; asking with
 * another stamp renders again and replaces it. Renders of the same report and stamp that overlap
 * share one render. The least recently used entries go first when the cache holds more than
 * maxEntries PDFs or maxBytes bytes.
 *
 * The cache holds no access rules: the route checks that the viewer may read the report before it
 * asks, and the key names one report only (its id; with the tenant's id if ids can repeat across
 * tenants).
 */

/** Limits of one cache. */
export type LabReportPdfCacheOptions = {
  /** The most PDFs kept; 200 by default. */
  maxEntries?: number;
  /** The most bytes kept over all PDFs; 64 MiB by default. */
  maxBytes?: number;
};

/** A cache of rendered report PDFs. */
export type LabReportPdfCache = {
  /**
   * The report's PDF for this version: the cached one, or `render()`'s (then cached). A failed
   * render is not cached.
   * @param reportKey - the report's id
   * @param version - changes whenever the printed report changes: e.g. the report's updated time
   *   and version with the organization's image stamps
   * @param render - makes the PDF
   */
  getOrRender: (
    reportKey: string,
    version: string,
    render: () => Promise<Buffer>,
  ) => Promise<Buffer>;
  /**
   * Drops the report's PDF (e.g. right after the report is corrected or re-issued).
   * @param reportKey - the report's id
   */
  invalidate: (reportKey: string) => void;
  /** How many PDFs are cached now (renders in progress included) and their bytes (finished ones). */
  stats: () => { entries: number; bytes: number };
};

type Entry = { version: string; pdf: Promise<Buffer>; bytes: number };

/**
 * Makes a cache of rendered report PDFs bounded by count and bytes.
 * @param options - the limits
 */
export function createLabReportPdfCache(options: LabReportPdfCacheOptions = {}): LabReportPdfCache {
  const maxEntries = Math.max(1, options.maxEntries ?? 200);
  const maxBytes = Math.max(1, options.maxBytes ?? 64 * 1024 * 1024);
  // A Map keeps insertion order: the first key is the least recently used.
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const remove = (reportKey: string): void => {
    const entry = entries.get(reportKey);
    if (entry) {
      bytes -= entry.bytes;
      entries.delete(reportKey);
    }
  };
  const evict = (): void => {
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) {
        return;
      }
      remove(key);
    }
  };

  return {
    getOrRender(reportKey, version, render) {
      const cached = entries.get(reportKey);
      if (cached?.version === version) {
        entries.delete(reportKey);
        entries.set(reportKey, cached);
        return cached.pdf;
      }
      remove(reportKey);
      const entry: Entry = { version, pdf: render(), bytes: 0 };
      entries.set(reportKey, entry);
      evict();
      entry.pdf.then(
        (pdf) => {
          // Only if the entry is still this render's (not replaced by a newer version meanwhile).
          if (entries.get(reportKey) === entry) {
            entry.bytes = pdf.length;
            bytes += pdf.length;
            evict();
          }
        },
        () => {
          if (entries.get(reportKey) === entry) {
            entries.delete(reportKey);
          }
        },
      );
      return entry.pdf;
    },
    invalidate: remove,
    stats: () => ({ entries: entries.size, bytes }),
  };
}
