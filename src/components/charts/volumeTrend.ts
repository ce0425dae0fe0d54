// The daily payment-volume chart (count as bars, amount as a line on a 元 axis ticked in 万), drawn by
// the workbench (last 7 or 30 days) and by 数据分析 (the chosen range): one option for both.
import { yuanTick } from '@contract/money';
import type { ChartOption } from './EChart';

export interface VolumeDay {
  /** The day, 'YYYY-MM-DD' (the axis shows 'MM-DD'). */
  day: string;
  count: number;
  /** Amount in fen, as the wire carries it (a decimal string). */
  amountFen: string;
}

/** The charts' own blue (the brand colour). */
export const CHART_BLUE = '#0267B5';
export const fenToYuanNumber = (fen: string) => Number(fen) / 100;

export function volumeTrendOption(days: readonly VolumeDay[]): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: ['笔数', '金额（元）'], top: 0 },
    grid: { left: 48, right: 56, top: 32, bottom: 28 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: [
      { type: 'value', name: '笔数', minInterval: 1 },
      { type: 'value', name: '元', splitLine: { show: false }, axisLabel: { formatter: yuanTick } },
    ],
    series: [
      { name: '笔数', type: 'bar', barMaxWidth: 24, data: days.map((d) => d.count), itemStyle: { color: CHART_BLUE } },
      { name: '金额（元）', type: 'line', yAxisIndex: 1, data: days.map((d) => fenToYuanNumber(d.amountFen)), itemStyle: { color: '#d46b08' } },
    ],
  };
}
