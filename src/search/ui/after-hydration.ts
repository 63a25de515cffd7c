/** The search island's parts that load just after hydration (see SearchApp): one chunk, one request. */
export { NearestBox } from './NearestBox';
export { landingMeta } from '../model/landing';
export { RangeChoices } from './RangeChoices';
