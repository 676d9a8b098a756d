import { DOWNLOAD } from '../../../common/fulfilment-kinds/download';
import { Fulfilment } from '../core/enums';
import { defineFulfilmentHandler } from './definition';

/** A file plus a licence key: the key as KEYS, and the product's file on the order once it is delivered. */
export const downloadHandler = defineFulfilmentHandler({
  facts: DOWNLOAD,
  kind: Fulfilment.DOWNLOAD,
  delivery: 'keys-from-stock',
});
