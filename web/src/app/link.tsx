// Links inside the app take a route of the table (`Href`), so a link to a page that does not exist
// fails the type check instead of landing on Not Found.
import { Link, type LinkProps } from 'react-router';
import type { Href } from './routes';

export type { Href } from './routes';

export function AppLink({ to, ...rest }: Omit<LinkProps, 'to'> & { to: Href }) {
  return <Link to={to} {...rest} />;
}
