// The map views, loaded by MapPanel.tsx when the element shows a map (maps-visible).
export { GoogleMap } from './GoogleMap.tsx';
export { SchematicMap } from './SchematicMap.tsx';
