/**
 * The demo companies' tokens, published in the README so that anyone can try the intranet
 * page. A production server never seeds them, but a database copied from a demo may hold
 * them: the start then warns that those companies are open to anyone.
 */
export const PUBLISHED_DEMO_TOKENS = ['tqw_demo_5b2f0c8e9d1a4e67b3c2a9f0e1d4c7b6', 'tqw_demo_0a9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c'] as const;
