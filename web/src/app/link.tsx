// Links and navigation inside the app take a route of the table (`Href`), so a link to a page that
// does not exist fails the type check instead of landing on Not Found. The table (routes.ts) registers its paths
// here by declaration merging rather than being imported: the table loads the pages, and the pages
// use links, so an import would tie the two into a cycle.
import { useCallback } from 'react';
import { Link, type LinkProps, type NavigateOptions, useNavigate } from 'react-router';

/** Filled in by routes.ts: `{ href: <every route path, with or without a query> }`. */
// biome-ignore lint/suspicious/noEmptyInterface: completed by declaration merging in routes.ts
export interface RouteRegistry {}

export type Href = RouteRegistry extends { href: infer H } ? H : never;

export function AppLink({ to, ...rest }: Omit<LinkProps, 'to'> & { to: Href }) {
  return <Link to={to} {...rest} />;
}

/** Goes to a route of the table, or `delta` steps through the history (-1: back). */
export type AppNavigate = {
  (to: Href, options?: NavigateOptions): void;
  (delta: number): void;
};

/** react-router's navigate, typed like AppLink: only a route of the table. */
export function useAppNavigate(): AppNavigate {
  const navigate = useNavigate();
  return useCallback(
    (to: Href | number, options?: NavigateOptions) => {
      if (typeof to === 'number') void navigate(to);
      else void navigate(to, options);
    },
    [navigate],
  ) as AppNavigate;
}
