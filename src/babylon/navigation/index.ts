/**
 * The navigation chunk: recast and Babylon's Navigation V2, loaded by `import()` when a game
 * calls `Menagerie.enableNavigation`, never before; a game that does not never downloads it.
 */
export { Navigation, type NavigationObstacleInput, type SceneryGroup } from "./navigation.js";
