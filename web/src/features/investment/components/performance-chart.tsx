import { useId, useRef } from 'react';
import { formatPercent } from '@contract/format';
import { useElementWidth } from '../../../lib/use-element-width';

export interface ChartPoint {
  /** Label on the x axis, for example the year. */
  label: string;
  /** Percent per year; may be negative. */
  value: number;
}

interface PerformanceChartProps {
  /** Visible caption; names the chart for screen readers (`aria-labelledby`). */
  title: string;
  /** A sentence that summarises the figures (range, best and worst year) and points to the table with every value. */
  summary: string;
  points: readonly ChartPoint[];
}

/** Width before the first measurement; then the chart draws at its element's width in CSS pixels (12 px labels). */
const WIDTH = 640;
/** Narrowest drawing; below it the labels would shrink under 12 px. */
const MIN_WIDTH = 280;
const HEIGHT = 260;
/** Horizontal room one year label needs (CSS px at 12 px text). */
const LABEL_ROOM = 40;
const MARGIN = { top: 14, right: 26, bottom: 30, left: 66 };

/** Tick step for about five ticks over `span` percentage points: 1, 2, 2.5 or 5 times a power of ten. */
function tickStep(span: number): number {
  const raw = span / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((candidate) => candidate >= raw);
  return step ?? 10 * power;
}

/**
 * A bar chart of yearly returns in percent, drawn as plain SVG: bars above the zero line for gains, below for
 * losses. It is one image for assistive technology (`role="img"`, named by the caption and described by the
 * summary); every figure it shows is also in the table beside it, which is the accessible way to read the values.
 *
 * Why SVG and not recharts: the chart is a static picture of figures the table already gives, so recharts'
 * interactive layer (tooltips, keyboard focus on the chart) would only repeat the table; and the hand-drawn SVG
 * adds a few hundred bytes to the route's chunk instead of recharts and its d3 modules.
 */
export function PerformanceChart({ title, summary, points }: PerformanceChartProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const summaryId = `${id}-summary`;
  const figureRef = useRef<HTMLElement>(null);
  const width = Math.max(MIN_WIDTH, useElementWidth(figureRef, WIDTH));
  const values = points.map((point) => point.value);
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const step = tickStep(Math.max(high - low, 1));
  const min = Math.floor(low / step) * step;
  const max = Math.ceil(high / step) * step || step;
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const y = (value: number) => MARGIN.top + ((max - value) / (max - min)) * plotHeight;
  const band = plotWidth / Math.max(points.length, 1);
  const labelEvery = Math.max(1, Math.ceil(points.length / 12), Math.ceil(LABEL_ROOM / band));
  const ticks: number[] = [];
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(Math.round(tick * 1000) / 1000);

  return (
    <figure ref={figureRef} className="performance-chart">
      <figcaption id={titleId} className="performance-chart__title">
        {title}
      </figcaption>
      <p id={summaryId} className="visually-hidden">
        {summary}
      </p>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${summaryId}`} className="performance-chart__svg" focusable="false">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} className={tick === 0 ? 'performance-chart__zero' : 'performance-chart__grid'} />
            <text x={MARGIN.left - 6} y={y(tick)} dy="0.35em" textAnchor="end" className="performance-chart__tick">
              {formatPercent(tick, Number.isInteger(tick) ? 0 : 1)}
            </text>
          </g>
        ))}
        {points.map((point, index) => {
          const x = MARGIN.left + index * band + band * 0.15;
          const top = y(Math.max(point.value, 0));
          const height = Math.max(Math.abs(y(point.value) - y(0)), 0.5);
          const showLabel = (points.length - 1 - index) % labelEvery === 0;
          return (
            <g key={point.label}>
              <rect
                x={x}
                y={top}
                width={band * 0.7}
                height={height}
                className={point.value < 0 ? 'performance-chart__bar performance-chart__bar--negative' : 'performance-chart__bar'}
              />
              {showLabel ? (
                <text x={x + band * 0.35} y={HEIGHT - 8} textAnchor="middle" className="performance-chart__tick">
                  {point.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
