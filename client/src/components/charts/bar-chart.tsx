import { useEffect, useId, useRef, useState } from 'react';
import './bar-chart.css';

/** One series of bars: its name (legend, table column) and a value per group. */
export interface BarSeries {
  name: string;
  values: readonly number[];
}

interface Props {
  /** The chart's caption, which also names its table of numbers. */
  title: string;
  /** The group under each set of bars (a month, a category), and what a group is ("Month"), for the table's header. */
  groups: readonly string[];
  groupLabel: string;
  series: readonly BarSeries[];
}

/** Bars are this wide at most and at least; groups never narrower than MIN_SLOT (below it the drawing scrolls). */
const MAX_BAR = 28;
const MIN_BAR = 12;
const GAP = 4;
const GROUP_GAP = 16;
const MIN_SLOT = 64;
const HEIGHT = 180;
const AXIS = 28;
const TOP = 16;

/** The width of the element, followed as it resizes (0 until measured, and where ResizeObserver is missing). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** Up to this many series have their own colour (AA contrast against white as non-text, WCAG 1.4.11). */
const COLORS = ['#1d4ed8', '#0f766e', '#b45309'];

/**
 * A grouped bar chart drawn in SVG, written here instead of a chart library (docs/architecture.md: dependency
 * notes): a few hundred bytes, nothing to load but the dashboard's own chunk. The drawing is hidden
 * from assistive technology; the same numbers are in a visually hidden table named by the caption.
 * It keeps its bars a readable size and scrolls sideways on narrow screens.
 */
export function BarChart({ title, groups, groupLabel, series }: Props) {
  const id = useId();
  const [scrollRef, available] = useWidth<HTMLDivElement>();
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  // The groups share the card's width and bars grow to MAX_BAR; when a group would be narrower than MIN_SLOT, the drawing scrolls.
  const gaps = (series.length - 1) * GAP;
  const slot = Math.max(MIN_SLOT, Math.floor((available - GROUP_GAP) / Math.max(1, groups.length)));
  const bar = Math.max(MIN_BAR, Math.min(MAX_BAR, Math.floor((slot - GROUP_GAP - gaps) / Math.max(1, series.length))));
  const groupWidth = series.length * bar + gaps;
  const width = Math.max(Math.ceil(groups.length * slot + GROUP_GAP), available);
  const scale = (value: number) => (value / max) * (HEIGHT - TOP - AXIS);
  return (
    <figure className="bar-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="bar-chart__title">
        {title}
      </figcaption>
      <ul className="bar-chart__legend" aria-hidden="true">
        {series.map((s, index) => (
          <li key={s.name}>
            <span className="bar-chart__swatch" style={{ background: COLORS[index % COLORS.length] }} />
            {s.name}
          </li>
        ))}
      </ul>
      {/* Focusable: on a phone the drawing scrolls sideways, and a keyboard must be able to scroll it too. */}
      <div ref={scrollRef} className="bar-chart__scroll" tabIndex={0} role="group" aria-label={`${title}, drawn`}>
        <svg width={width} height={HEIGHT} viewBox={`0 0 ${String(width)} ${String(HEIGHT)}`} aria-hidden="true" focusable="false">
          <line x1={0} x2={width} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="bar-chart__axis" />
          {groups.map((group, g) => {
            const x0 = GROUP_GAP + g * slot + (slot - GROUP_GAP - groupWidth) / 2;
            return (
              <g key={group}>
                {series.map((s, index) => {
                  const value = s.values[g] ?? 0;
                  const h = scale(value);
                  const x = x0 + index * (bar + GAP);
                  return (
                    <g key={s.name}>
                      <rect x={x} y={HEIGHT - AXIS - h} width={bar} height={h} fill={COLORS[index % COLORS.length]} data-value={value} />
                      {value > 0 && (
                        <text x={x + bar / 2} y={HEIGHT - AXIS - h - 3} textAnchor="middle" className="bar-chart__value">
                          {value}
                        </text>
                      )}
                    </g>
                  );
                })}
                <text x={x0 + groupWidth / 2} y={HEIGHT - AXIS + 16} textAnchor="middle" className="bar-chart__label">
                  {group}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      {/* The class on a wrapper: a table keeps its content's width whatever its own, and would widen a phone's page. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{groupLabel}</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {groups.map((group, g) => (
              <tr key={group}>
                <th scope="row">{group}</th>
                {series.map((s) => (
                  <td key={s.name}>{s.values[g] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
