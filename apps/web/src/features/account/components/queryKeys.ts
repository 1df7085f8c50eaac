/** TanStack Query key of `GET user/me`. */
export const ME_QUERY_KEY = ['account', 'me'] as const;
