/**
 * Meilisearch-shaped errors. The browser code cannot tell the embedded engine from a real
 * Meilisearch, so a request the engine cannot answer exactly fails the way Meilisearch fails:
 * `{message, code, type, link}` with the same code and HTTP status, never a wrong result.
 */

export type MeiliErrorCode =
  | 'bad_request'
  | 'feature_not_enabled'
  | 'index_not_found'
  | 'invalid_index_uid'
  | 'document_not_found'
  | 'internal'
  | 'invalid_content_type'
  | 'malformed_payload'
  | 'missing_content_type'
  | 'missing_index_uid'
  | 'missing_payload'
  | 'payload_too_large'
  | 'too_many_search_requests'
  | 'invalid_multi_search_federated'
  | 'invalid_multi_search_federation_options'
  | 'invalid_search_attributes_to_crop'
  | 'invalid_search_attributes_to_highlight'
  | 'invalid_search_attributes_to_retrieve'
  | 'invalid_search_attributes_to_search_on'
  | 'invalid_search_crop_length'
  | 'invalid_search_crop_marker'
  | 'invalid_search_distinct'
  | 'invalid_search_facets'
  | 'invalid_search_filter'
  | 'invalid_search_highlight_post_tag'
  | 'invalid_search_highlight_pre_tag'
  | 'invalid_search_hits_per_page'
  | 'invalid_search_hybrid_query'
  | 'invalid_search_limit'
  | 'invalid_search_locales'
  | 'invalid_search_matching_strategy'
  | 'invalid_search_media'
  | 'invalid_search_offset'
  | 'invalid_search_page'
  | 'invalid_search_personalize'
  | 'invalid_search_q'
  | 'invalid_search_ranking_score_threshold'
  | 'invalid_search_retrieve_vectors'
  | 'invalid_search_show_matches_position'
  | 'invalid_search_show_performance_details'
  | 'invalid_search_show_ranking_score'
  | 'invalid_search_show_ranking_score_details'
  | 'invalid_search_sort'
  | 'invalid_search_use_network'
  | 'invalid_search_vector';

export type MeiliErrorStatus = 400 | 404 | 413 | 415 | 429 | 500;

export interface MeiliErrorBody {
  message: string;
  code: MeiliErrorCode;
  type: 'invalid_request' | 'internal' | 'system';
  link: string;
}

const statusFor = (code: MeiliErrorCode): MeiliErrorStatus => {
  switch (code) {
    case 'index_not_found':
    case 'document_not_found':
      return 404;
    case 'payload_too_large':
      return 413;
    case 'missing_content_type':
    case 'invalid_content_type':
      return 415;
    // Meilisearch answers this code with 503 when its search queue is full; here it is one
    // client over its rate limit, which HTTP calls 429. Either way the client waits Retry-After.
    case 'too_many_search_requests':
      return 429;
    case 'internal':
      return 500;
    default:
      return 400;
  }
};

export class MeiliError extends Error {
  readonly status: MeiliErrorStatus;

  constructor(
    readonly code: MeiliErrorCode,
    message: string,
    status: MeiliErrorStatus = statusFor(code),
  ) {
    super(message);
    this.name = 'MeiliError';
    this.status = status;
  }

  /**
   * The same error with Meilisearch's multi-search prefix naming the failing query. Inside a
   * multi-search an unknown index is a bad request (400), not the 404 of the single-index route.
   */
  inQuery(index: number): MeiliError {
    return new MeiliError(this.code, `Inside \`.queries[${index}]\`: ${this.message}`, this.code === 'index_not_found' ? 400 : this.status);
  }

  toBody(): MeiliErrorBody {
    return {
      message: this.message,
      code: this.code,
      type: this.status === 500 ? 'internal' : this.status === 429 ? 'system' : 'invalid_request',
      link: `https://docs.meilisearch.com/errors#${this.code}`,
    };
  }
}

/** For a request the embedded engine understands but does not implement. */
export const unsupported = (code: MeiliErrorCode, what: string, hint = 'Point search.host at a real Meilisearch for it.'): MeiliError =>
  new MeiliError(code, `${what} is not supported by the embedded search engine. ${hint}`);

/**
 * Thrown by a search whose hits passed the byte budget it was given; the caller, which knows the
 * whole answer's cap, turns it into its refusal (protocol.ts).
 */
export class HitsOverBudget extends Error {
  constructor() {
    super('The hits passed their byte budget.');
  }
}
