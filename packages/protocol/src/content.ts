// Article types of the content pages (docs/business-rules.md "Content"): the server publishes and serves them, the web's
// document pages and module intro pages ask for them. One list for both sides.

/** The document pages (`#/pages/index/docs?type=…`). */
export const DOC_TYPES = [
  'whitepaper',
  'business_plan',
  'construction_plan',
  'roadmap_short',
  'roadmap_medium',
  'roadmap_long',
  'video',
  'poster',
  'document',
  'video_conference',
] as const;

/** Every article type: announcements, the documents, and the intro texts of module pages. */
export const ARTICLE_TYPES = [
  'announcement',
  ...DOC_TYPES,
  'chain',
  'game',
  'rwa',
  'freepay',
  /** the AI exchange introduction on the AI trading page */
  'ai_trade',
] as const;

export type DocType = (typeof DOC_TYPES)[number];
export type ArticleType = (typeof ARTICLE_TYPES)[number];

export const isArticleType = (t: string): t is ArticleType =>
  (ARTICLE_TYPES as readonly string[]).includes(t);
export const isDocType = (t: string): t is DocType => (DOC_TYPES as readonly string[]).includes(t);
