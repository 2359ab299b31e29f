/**
 * The places module: US cities and ZIP codes with their coordinates, from an offline gazetteer
 * (docs/marketplace.md). Requests and vendors' service areas are places; matching measures the
 * miles between them.
 */
export { createGazetteer, type Gazetteer, type Place } from './gazetteer';
