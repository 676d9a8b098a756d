import { KEYS } from '../../../common/fulfilment-kinds/keys';
import { Fulfilment } from '../core/enums';
import { defineFulfilmentHandler } from './definition';

/** Licence keys: reserved at checkout, given from stock once paid. */
export const keysHandler = defineFulfilmentHandler({ facts: KEYS, kind: Fulfilment.KEYS, delivery: 'keys-from-stock' });
