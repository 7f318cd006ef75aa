import { useLocation } from 'react-router';

/** The current search, for a test to read what a page put in the URL. */
export function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}
