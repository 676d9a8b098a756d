import { useQuery } from '@apollo/client/react';
import { displayName } from '../auth/display-name';
import { graphql } from '../gql';

const NavViewerQuery = graphql(/* GraphQL */ `
  query NavViewer {
    me {
      id
      email
      profile {
        id
        fullName
      }
    }
  }
`);

/**
 * The signed-in user's name in the nav bar (docs/product.md "Navigation"). Its own chunk: the preset's `graphql()`
 * brings the map of every customer document with it, which a signed-out visitor's first page does not need.
 */
export default function NavViewerName() {
  // Every sign-in resets the store (main.tsx), which re-reads this; a failed read falls back silently (spec).
  const { data } = useQuery(NavViewerQuery);
  return <>{displayName(data?.me)}</>;
}
