// One ECharts chart in a box of the given height: the library is loaded with import() only when the
// chart is mounted, the chart follows the box's width, and is disposed with it. No UI kit, so both
// devices use it. `label` is what a screen reader hears for the drawing.
import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

export type ChartOption = EChartsCoreOption;

export function EChart({ option, height = 260, label }: { option: ChartOption; height?: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<{ setOption(o: ChartOption, notMerge?: boolean): void; resize(): void; dispose(): void } | null>(null);
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    void import('./echartsCore').then(({ echarts }) => {
      if (disposed || !box.current) return;
      const c = echarts.init(box.current, undefined, { renderer: 'canvas' });
      c.setOption(latest.current, true);
      chart.current = c;
      observer = new ResizeObserver(() => c.resize());
      observer.observe(box.current);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
