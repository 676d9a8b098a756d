import { MANUAL } from '../../../common/fulfilment-kinds/manual';
import { Fulfilment } from '../core/enums';
import { defineFulfilmentHandler } from './definition';

/** Delivered by an admin: nothing reserved at checkout, nothing delivered by the job; stock is the admin's switch. */
export const manualHandler = defineFulfilmentHandler({ facts: MANUAL, kind: Fulfilment.MANUAL, delivery: 'by-admin' });
