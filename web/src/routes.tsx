/**
 * Routes (docs/product.md "Pages"). Every page is its own chunk (route-level code splitting); the admin pages load
 * only when an admin route is opened, so no admin code ships in the customer bundle. The server renders the public
 * ones (entry-server.tsx, docs/architecture.md "Web rendering") from the same list.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Hydrated } from './components/Hydrated';
import { StoreLayout } from './layouts/StoreLayout';

type PageModule = { default: ComponentType };
const page = (load: () => Promise<PageModule>) => async () => {
  const { default: Page } = await load();
  return {
    Component: () => (
      <Hydrated>
        <Page />
      </Hydrated>
    ),
  };
};

export const routes: RouteObject[] = [
  {
    element: <StoreLayout />,
    children: [
      { path: '/', lazy: page(() => import('./features/home/HomePage')) },
      { path: '/products', lazy: page(() => import('./features/catalogue/ProductsPage')) },
      { path: '/products/:slug', lazy: page(() => import('./features/catalogue/ProductDetailPage')) },
      { path: '/checkout', lazy: page(() => import('./features/checkout/CheckoutPage')) },
      { path: '/auth', lazy: page(() => import('./features/auth/AuthPage')) },
      { path: '/auth/reset', lazy: page(() => import('./features/auth/ResetPasswordPage')) },
      { path: '/auth/verify', lazy: page(() => import('./features/auth/VerifyEmailPage')) },
      { path: '/auth/email', lazy: page(() => import('./features/auth/EmailChangePage')) },
      { path: '/auth/invite', lazy: page(() => import('./features/auth/StaffInvitePage')) },
      { path: '/dashboard', lazy: page(() => import('./features/dashboard/DashboardPage')) },
      { path: '/guides', lazy: page(() => import('./features/guides/GuidesPage')) },
      { path: '/support', lazy: page(() => import('./features/support/SupportPage')) },
      { path: '/verify', lazy: page(() => import('./features/verify/VerifyPage')) },
      { path: '/terms', lazy: page(() => import('./features/policies/PolicyPage')) },
      { path: '/refunds', lazy: page(() => import('./features/policies/PolicyPage')) },
      { path: '/privacy', lazy: page(() => import('./features/policies/PolicyPage')) },
      { path: '*', lazy: page(() => import('./features/notfound/NotFoundPage')) },
    ],
  },
  {
    // The admin panel: its own shell (no store nav bar or footer), in admin-only chunks.
    lazy: page(() => import('./features/admin/AdminLayout')),
    children: [
      { path: '/admin', lazy: page(() => import('./features/admin/AdminLoginPage')) },
      { path: '/admin/dashboard', lazy: page(() => import('./features/admin/AdminDashboardPage')) },
    ],
  },
];
