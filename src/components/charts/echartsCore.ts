// The part of ECharts the product draws (line, bar and pie charts on a canvas, with grid, tooltip
// and legend), registered once. Only ever reached through import() from EChart.tsx, so it is its own
// chunk, loaded when a chart is first on screen: never with the sign-in page or a phone's first visit.
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
