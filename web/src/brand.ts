/** The store's name as shown in the navigation bar, footer and page titles (common/, so e-mails say the same). */
export { STORE_NAME, SUPPORT_EMAIL, SUPPORT_PHONE } from '../../common/brand';
