import { useEffect, useRef, useState } from 'react';
import type { ChartPoint, TrendAxes } from '@careline/domain/lab-reports';

type TrendChartProps = {
  points: readonly ChartPoint[];
  /**
   * The axes (trendAxes of @careline/domain/lab-reports): the x-axis and its ticks in the hospital's
   * time zone and the user's language, the y-axis with room above and below the values, the band.
   */
  axes: TrendAxes;
  /** The chart's text alternative; the table it points to holds every value. */
  label: string;
  /** The id of the table that lists the charted values. */
  describedBy: string;
  /** Shown while the chart library loads. */
  loadingText: string;
};

const CHART_HEIGHT = 220;
/** The reference range's band: a light green under the line (canvas takes no CSS color-mix). */
const BAND_FILL = 'rgba(46, 160, 67, 0.14)';

function token(element: Element, name: string, fallback: string): string {
  const value = getComputedStyle(element).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

/**
 * The chart's width: its holder's, whatever it is. No minimum: a minimum wider than a small phone's
 * card is what pushed the page past the screen (issue 30 §3.8).
 * @param element - the chart's holder
 */
export function chartWidth(element: Pick<HTMLElement, 'clientWidth'>): number {
  return Math.max(0, Math.floor(element.clientWidth));
}

/**
 * The line chart of the selected sub-test across report dates (spec doc 3 §2), drawn by uPlot,
 * which is fetched with its CSS only when a chart is shown (not in the first bundle). The x-axis
 * ticks and labels, the y range and the reference range's band are the domain's (trendAxes); uPlot
 * only draws them. The canvas is hidden from screen readers; the figure is named and described by
 * the table of values.
 */
export function TrendChart({ points, axes, label, describedBy, loadingText }: TrendChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (!element) {
      return;
    }
    let disposed = false;
    let chart: {
      destroy: () => void;
      setSize: (size: { width: number; height: number }) => void;
    } | null = null;
    let observer: ResizeObserver | null = null;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => {
      if (disposed) {
        return;
      }
      const UPlot = module.default;
      const stroke = token(element, '--color-primary', 'currentColor');
      const grid = token(element, '--color-border', 'currentColor');
      const text = token(element, '--color-text', 'currentColor');
      const xRange: [number, number] = [axes.x.min / 1000, axes.x.max / 1000];
      const yRange: [number, number] = [axes.y.min, axes.y.max];
      const splits = axes.x.ticks.map((tick) => tick.at / 1000);
      const labels = axes.x.ticks.map((tick) => tick.label);
      const band = axes.band;
      chart = new UPlot(
        {
          width: chartWidth(element),
          height: CHART_HEIGHT,
          legend: { show: false },
          cursor: { show: true, drag: { x: false, y: false } },
          scales: { x: { time: true, range: () => xRange }, y: { range: () => yRange } },
          axes: [
            {
              stroke: text,
              grid: { stroke: grid },
              ticks: { stroke: grid },
              // The domain's ticks and labels, never uPlot's own (the browser's zone, US format).
              splits: () => splits,
              values: () => labels,
            },
            { stroke: text, grid: { stroke: grid }, ticks: { stroke: grid } },
          ],
          series: [{}, { stroke, width: 2, points: { show: true, size: 8, fill: stroke } }],
          hooks: band
            ? {
                // The reference range as a band behind the line.
                drawClear: [
                  (u: {
                    ctx: CanvasRenderingContext2D;
                    bbox: { left: number; width: number };
                    valToPos: (value: number, scale: string, canvasPixels?: boolean) => number;
                  }) => {
                    const top = u.valToPos(band.high, 'y', true);
                    const bottom = u.valToPos(band.low, 'y', true);
                    u.ctx.save();
                    u.ctx.fillStyle = BAND_FILL;
                    u.ctx.fillRect(u.bbox.left, top, u.bbox.width, bottom - top);
                    u.ctx.restore();
                  },
                ],
              }
            : {},
        },
        [points.map((point) => Date.parse(point.date) / 1000), points.map((point) => point.value)],
        element,
      );
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => {
          chart?.setSize({ width: chartWidth(element), height: CHART_HEIGHT });
        });
        observer.observe(element);
      }
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart?.destroy();
      setReady(false);
    };
  }, [points, axes]);

  return (
    <figure className="lab-chart" role="img" aria-label={label} aria-describedby={describedBy}>
      {ready ? null : (
        <p className="lab-chart__loading" aria-hidden="true">
          {loadingText}
        </p>
      )}
      <div className="lab-chart__canvas" ref={holder} aria-hidden="true" />
    </figure>
  );
}
