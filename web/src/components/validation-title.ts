/**
 * The spec's title for every client-side validation failure (docs/product.md "Input rules"). A module of its own, free
 * of React, so text modules that tests and the root type-check read (checkout.texts.ts) do not pull React's types in.
 */
export const VALIDATION_ERROR_TITLE = 'Validation Error';
