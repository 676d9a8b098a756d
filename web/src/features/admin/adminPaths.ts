/** The admin routes (router.tsx maps them to the lazy admin pages). */
export const ADMIN_LOGIN_PATH = '/admin';
export const ADMIN_DASHBOARD_PATH = '/admin/dashboard';
