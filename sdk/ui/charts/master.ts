// The kit's own Highcharts master (issue 40 item 3): highcharts/es-modules/masters/highcharts.src.js
// with only what the kit's charts draw. Kept: the line, area, column, bar and pie series (BarChart,
// LineChart, PieChart, the question, scanpath and batch charts), stacking, data labels, legends,
// tooltips, the category / linear / datetime axes, plot lines and bands (every axis renders its
// lists, and alternate grid bands are plot bands) and responsive rules. Left out: spline,
// areaspline and scatter series, logarithmic axes and the scrollable plot area, which no chart of
// the SDK sets (grep sdk/ for `type:`, `logarithmic`, `scrollablePlotArea` before using one, and
// import it here).
//
// Being ES modules, the accessibility module (./highcharts.ts) imports the same Core/Globals
// instance itself: no `window._Highcharts` hand-over and no order to keep, unlike the UMD files.
// Types stay those of the `highcharts` package (the options and classes are the same).
import type HighchartsType from 'highcharts';
import Highcharts from 'highcharts/es-modules/Core/Globals.js';
import Defaults from 'highcharts/es-modules/Core/Defaults.js';
import Fx from 'highcharts/es-modules/Core/Animation/Fx.js';
import { animate, animObject, getDeferredAnimation, setAnimation, stop } from 'highcharts/es-modules/Core/Animation/AnimationUtilities.js';
import AST from 'highcharts/es-modules/Core/Renderer/HTML/AST.js';
import Templating from 'highcharts/es-modules/Core/Templating.js';
import RendererUtilities from 'highcharts/es-modules/Core/Renderer/RendererUtilities.js';
import SVGElement from 'highcharts/es-modules/Core/Renderer/SVG/SVGElement.js';
import SVGRenderer from 'highcharts/es-modules/Core/Renderer/SVG/SVGRenderer.js';
import HTMLElement from 'highcharts/es-modules/Core/Renderer/HTML/HTMLElement.js';
import Axis from 'highcharts/es-modules/Core/Axis/Axis.js';
import DateTimeAxis from 'highcharts/es-modules/Core/Axis/DateTimeAxis.js';
import PlotLineOrBand from 'highcharts/es-modules/Core/Axis/PlotLineOrBand/PlotLineOrBand.js';
import Tick from 'highcharts/es-modules/Core/Axis/Tick.js';
import Tooltip from 'highcharts/es-modules/Core/Tooltip.js';
import Point from 'highcharts/es-modules/Core/Series/Point.js';
import Pointer from 'highcharts/es-modules/Core/Pointer.js';
import Legend from 'highcharts/es-modules/Core/Legend/Legend.js';
import LegendSymbol from 'highcharts/es-modules/Core/Legend/LegendSymbol.js';
import Chart from 'highcharts/es-modules/Core/Chart/Chart.js';
import StackingAxis from 'highcharts/es-modules/Core/Axis/Stacking/StackingAxis.js';
import StackItem from 'highcharts/es-modules/Core/Axis/Stacking/StackItem.js';
import DataTableCore from 'highcharts/es-modules/Data/DataTableCore.js';
import Series from 'highcharts/es-modules/Core/Series/Series.js';
import SeriesRegistry from 'highcharts/es-modules/Core/Series/SeriesRegistry.js';
import 'highcharts/es-modules/Series/Line/LineSeries.js';
import 'highcharts/es-modules/Series/Area/AreaSeries.js';
import 'highcharts/es-modules/Series/Column/ColumnSeries.js';
import ColumnDataLabel from 'highcharts/es-modules/Series/Column/ColumnDataLabel.js';
import 'highcharts/es-modules/Series/Bar/BarSeries.js';
import 'highcharts/es-modules/Series/Pie/PieSeries.js';
import PieDataLabel from 'highcharts/es-modules/Series/Pie/PieDataLabel.js';
import DataLabel from 'highcharts/es-modules/Core/Series/DataLabel.js';
import { composeOverlappingDataLabels } from 'highcharts/es-modules/Core/Series/OverlappingDataLabels.js';
import { composeBorderRadius } from 'highcharts/es-modules/Extensions/BorderRadius.js';
import Responsive from 'highcharts/es-modules/Core/Responsive.js';
import Color from 'highcharts/es-modules/Core/Color/Color.js';
import Time from 'highcharts/es-modules/Core/Time.js';
import {
  addEvent, arrayMax, arrayMin, attr, clamp, correctFloat, createElement, crisp, css, defined, destroyObjectProperties, diffObjects,
  discardElement, erase, extend, extendClass, find, fireEvent, getMagnitude, getAlignFactor, getClosestDistance, getNestedProperty,
  getStyle, isArray, isClass, isDOMElement, isFunction, isNumber, isObject, isString, internalClearTimeout, merge, normalizeTickInterval,
  objectEach, offset, pad, pick, pushUnique, pInt, relativeLength, removeEvent, replaceNested, splat, stableSort, syncTimeout, ucfirst, wrap,
} from 'highcharts/es-modules/Shared/Utilities.js';
import { error, insertItem, timeUnits, uniqueKey, useSerialIds } from 'highcharts/es-modules/Core/Utilities.js';

// The same namespace the stock master fills (modules and highcharts-react-official read it).
const G = Highcharts;
Object.assign(G, {
  AST, Axis, Chart, Color, DataLabel, DataTable: DataTableCore, DataTableCore, Fx, HTMLElement, Legend, LegendSymbol, PlotLineOrBand, Point, Pointer,
  Series, SeriesRegistry, StackItem, SVGElement, SVGRenderer, Templating, Tick, Tooltip,
  Time: class extends Time {
    constructor(options?: unknown, lang?: unknown) {
      const defaultOptions = Defaults.getOptions();
      super(options ?? defaultOptions.time, lang ?? defaultOptions.lang);
    }
  },
  addEvent, animObject, animate, arrayMax, arrayMin, attr, chart: Chart.chart, clamp, color: Color.parse, correctFloat, createElement,
  css, crisp, dateFormat: Templating.dateFormat, defaultOptions: Defaults.defaultOptions, defined, destroyObjectProperties,
  diffObjects, discardElement, distribute: RendererUtilities.distribute, erase, error, extend, extendClass, find, fireEvent,
  format: Templating.format, getAlignFactor, getClosestDistance, getDeferredAnimation, getMagnitude, getNestedProperty,
  getOptions: Defaults.getOptions, getStyle, insertItem, isArray, isClass, isDOMElement, isFunction, isNumber, isObject, isString,
  internalClearTimeout, merge, normalizeTickInterval, numberFormat: Templating.numberFormat, objectEach, offset, pad, pick, pushUnique,
  pInt, relativeLength, removeEvent, replaceNested, seriesType: SeriesRegistry.seriesType, setAnimation, setOptions: Defaults.setOptions,
  splat, stableSort, stop, syncTimeout, time: Defaults.defaultTime, ucfirst, timers: Fx.timers, timeUnits, uniqueKey, useSerialIds, wrap,
});

// The stock master's compositions, less those of the parts left out.
composeBorderRadius(G.Series, G.SVGElement, G.SVGRenderer);
ColumnDataLabel.compose(G.Series.types.column);
DataLabel.compose(G.Series);
DateTimeAxis.compose(G.Axis);
HTMLElement.compose(G.SVGRenderer);
Legend.compose(G.Chart);
composeOverlappingDataLabels(G.Chart);
PieDataLabel.compose(G.Series.types.pie);
PlotLineOrBand.compose(G.Chart, G.Axis);
Pointer.compose(G.Chart);
Responsive.compose(G.Chart);
StackingAxis.compose(G.Axis, G.Chart, G.Series);
Tooltip.compose(G.Pointer);

export default G as typeof HighchartsType;
