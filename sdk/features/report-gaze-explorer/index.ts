export { GazeExplorer, type GazeExplorerProps } from './GazeExplorer';
export { blur, formatPeak, inAoi, paintHeat, windowGrid, type HeatWeight } from './heat';
