import { useEffect, useRef, useState } from 'react';
import type { ChartPoint } from '@careline/domain/lab-reports';

type TrendChartProps = {
  points: readonly ChartPoint[];
  /** The y-axis domain: the minimum to the maximum of the values (spec doc 3 §2). */
  domain: { min: number; max: number };
  /** The chart's text alternative; the table it points to holds every value. */
  label: string;
  /** The id of the table that lists the charted values. */
  describedBy: string;
  /** Shown while the chart library loads. */
  loadingText: string;
};

const CHART_HEIGHT = 220;

/** The y range uPlot draws: exactly min..max; a single value gets a little room so the line shows. */
export function chartRange(domain: { min: number; max: number }): [number, number] {
  if (domain.min !== domain.max) {
    return [domain.min, domain.max];
  }
  const pad = Math.abs(domain.min) * 0.1 || 1;
  return [domain.min - pad, domain.max + pad];
}

/** Half the x range around a single report date, in seconds: one day either side. */
const SINGLE_DATE_PAD_S = 24 * 60 * 60;

/**
 * The x range uPlot draws, in Unix seconds: the first to the last report date; a single date sits in
 * the middle of two days (uPlot's own range for one time value runs about 1000 days ahead of it).
 * @param times - the report dates, Unix seconds
 */
export function chartTimeRange(times: readonly number[]): [number, number] {
  const min = Math.min(...times);
  const max = Math.max(...times);
  return min === max ? [min - SINGLE_DATE_PAD_S, max + SINGLE_DATE_PAD_S] : [min, max];
}

function token(element: Element, name: string, fallback: string): string {
  const value = getComputedStyle(element).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

/**
 * The line chart of the selected sub-test across report dates (spec doc 3 §2), drawn by uPlot,
 * which is fetched with its CSS only when a chart is shown (not in the first bundle). The canvas is
 * hidden from screen readers; the figure is named and described by the table of values.
 */
export function TrendChart({ points, domain, label, describedBy, loadingText }: TrendChartProps) {
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
      const width = Math.max(element.clientWidth, 280);
      const stroke = token(element, '--color-primary', 'currentColor');
      const grid = token(element, '--color-border', 'currentColor');
      const text = token(element, '--color-text', 'currentColor');
      const range = chartRange(domain);
      const times = points.map((point) => Date.parse(point.date) / 1000);
      const xRange = chartTimeRange(times);
      chart = new UPlot(
        {
          width,
          height: CHART_HEIGHT,
          legend: { show: false },
          cursor: { show: true, drag: { x: false, y: false } },
          scales: { x: { time: true, range: () => xRange }, y: { range: () => range } },
          axes: [
            { stroke: text, grid: { stroke: grid }, ticks: { stroke: grid } },
            { stroke: text, grid: { stroke: grid }, ticks: { stroke: grid } },
          ],
          series: [{}, { stroke, width: 2, points: { show: true, size: 8, fill: stroke } }],
        },
        [times, points.map((point) => point.value)],
        element,
      );
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => {
          chart?.setSize({ width: Math.max(element.clientWidth, 280), height: CHART_HEIGHT });
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
  }, [points, domain]);

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
