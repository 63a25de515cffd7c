export { conformanceCases, type ConformanceCase, type ConformanceSuite, type DocumentId, type Expectation, type Query } from './cases';
export { meilisearchSuites, meilisearchCaseCount } from './meilisearch-cases';
export { cjkSuites, cjkTranscribedCaseCount } from './cjk-cases';
export { textSettingsSuites, textSettingsCaseCount } from './text-settings-cases';
export { conformanceDocuments, type ConformanceDocument } from './dataset';
export { conformanceSettings } from './settings';
export { runCase, type Backend, type Outcome, type Reply } from './run';
