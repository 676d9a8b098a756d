import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder storefront entry; the real app replaces this file.
function ComingSoon() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '3rem', textAlign: 'center' }}>
      <h1>Store is starting — storefront coming soon</h1>
      <p>
        The GraphQL API and its IDE are at <a href="/graphql">/graphql</a>.
      </p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ComingSoon />
  </StrictMode>,
);
