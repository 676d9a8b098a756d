import type express from 'express';

/** Multipart bodies are parsed only for requests that prove they are not a cross-site form post. */
export function requirePreflightForMultipart(
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
): void {
  if (req.is('multipart/form-data') && !req.get('apollo-require-preflight') && !req.get('x-apollo-operation-name')) {
    res.status(400).json({
      errors: [
        {
          message: 'Multipart requests must carry a non-empty Apollo-Require-Preflight header (CSRF protection)',
          extensions: { code: 'BAD_REQUEST' },
        },
      ],
    });
    return;
  }
  next();
}
