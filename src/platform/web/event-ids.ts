/**
 * The dealer dashboard's analytics event ids, one table for the tracker, the lead payload and
 * the forms: a lead form sent, a car saved, a search result opened, a careers enquiry.
 */
export const EVENT_IDS = { form: 22, favourite: 39, search_click: 29, career_enquiry: 51 } as const;
