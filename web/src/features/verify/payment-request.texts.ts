/**
 * The payment request's texts (/verify's "Send your payment" and "Pay the rest"), each typed once; the checkout's
 * copy toasts use them too. A module without React, so plain TypeScript (and its unit tests) can import it.
 */
export const PAYMENT_REQUEST_TEXTS = {
  title: 'Send your payment',
  restTitle: 'Send the rest',
  payRestTitle: 'Pay the rest',
  payRest:
    'Part of your payment has arrived. Send exactly this amount to the address below to pay the rest of your order.',
  restAmountLabel: 'Still to send',
  intro:
    'Send exactly this amount to the address below. Its last digits are unique to this order and tell us the payment is yours.',
  partlyPaid:
    'Part of your payment has arrived. Send only the missing amount shown above to this address, then add the transaction ID of that payment below.',
  amountLabel: 'Amount to send',
  addressLabel: (methodLabel: string) => `${methodLabel} address`,
  copyAmount: 'Copy amount',
  copyAddress: 'Copy address',
  openInWallet: 'Open in wallet',
  walletHint: 'Scan the code, or open your wallet app with the address and amount filled in.',
  scanHint: 'Scan the code for the address, then enter the amount yourself.',
  qrAlt: (methodLabel: string) => `QR code of the ${methodLabel} payment request for this order`,
  amountCopied: { title: 'Amount Copied', description: 'The exact amount to send is on your clipboard.' },
  addressCopied: { title: 'Address Copied', description: 'The payment address is on your clipboard.' },
  copyFailed: { title: 'Copy Failed', description: 'Please select the text and copy it yourself.' },
} as const;
