import { useMemo } from 'react';
import { HighchartsReact } from 'highcharts-react-official';
import { baseOptions, ChartFrame, Highcharts } from '../../ui/charts';
import { answerTooltip, Y_AXIS_TITLE, type AnswerBar } from '../../core/reports/questions';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Columns of the percentage of respondents per answer, in the order given (already sorted). */
export function QuestionChart({ title, bars, total }: { title: string; bars: AnswerBar[]; total: number }) {
  const options = useMemo<Highcharts.Options>(() => {
    const base = baseOptions({ title, description: `Percentage of the ${total} respondents who gave each answer, most chosen first.` });
    return {
      ...base,
      chart: { ...base.chart, type: 'column', height: 330 },
      xAxis: { categories: bars.map((b) => b.text), title: { text: undefined } },
      yAxis: { title: { text: Y_AXIS_TITLE }, min: 0, max: 100 },
      legend: { enabled: false },
      tooltip: {
        formatter(this: Highcharts.Point) {
          const bar = bars[this.index];
          if (!bar) return false;
          const [text, ...lines] = answerTooltip(bar, total).map(escape);
          return `<b>${text}</b><br/>${lines.join('<br/>')}`;
        },
      },
      plotOptions: { series: { animation: false }, column: { colorByPoint: true } },
      series: [{ type: 'column', name: 'Respondents', data: bars.map((b) => Number(b.percent.toFixed(1))) }],
    };
  }, [title, bars, total]);
  return (
    <ChartFrame part="bar-chart" title={title}>
      <HighchartsReact highcharts={Highcharts} options={options} containerProps={{ className: 'highcharts-light' }} />
    </ChartFrame>
  );
}
