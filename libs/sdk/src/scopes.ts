/**
 * What each scope lets an app do, as a sentence a store's owner reads: on the consent page of an installed
 * app (§13), beside each installation in the console, and in the server's consent answer. One table, in
 * the SDK beside the roles, because clients need it as much as the server.
 */
export const SCOPE_SENTENCES = {
  'store:read': "See the store's details: its name, description, contact details and logos.",
  'products:read': 'See the products in the catalogue, with their prices and stock.',
  'products:write': 'Create, change and delete products.',
  'orders:read': "See orders, with each customer's e-mail address and what they bought.",
  'orders:write': 'Place orders.',
} as const;
export type ScopeName = keyof typeof SCOPE_SENTENCES;
