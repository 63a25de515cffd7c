export { conformanceCases, type ConformanceCase, type Expectation, type Query } from './cases';
export { conformanceDocuments, type ConformanceDocument } from './dataset';
export { conformanceSettings } from './settings';
export { runCase, type Backend, type Reply } from './run';
