import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { MONOSPACE_FONT } from '../../theme/theme';

/**
 * A secret the API shows once (a webhook's signing secret, an API key): read-only, wrapped so a phone shows all of it,
 * with a Copy button that falls back to selecting it where the clipboard is refused.
 */
export function SecretField({ label, secret, testId }: { label: string; secret: string; testId: string }) {
  const input = useRef<HTMLTextAreaElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'manual'>('idle');

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): select it for the admin to copy.
      input.current?.select();
      setCopy('manual');
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        label={label}
        value={secret}
        fullWidth
        // Wrapped, not scrolled: the whole secret stays in view on a phone.
        multiline
        inputRef={input}
        onFocus={(e) => e.target.select()}
        helperText={copy === 'manual' ? 'Selected: press Ctrl+C (⌘C on a Mac) to copy it.' : ' '}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, 'data-testid': testId } }}
        sx={{ '& textarea': { fontFamily: MONOSPACE_FONT, wordBreak: 'break-all' } }}
      />
      <Button
        variant="outlined"
        onClick={() => void copySecret()}
        startIcon={copy === 'copied' ? <CheckIcon aria-hidden /> : <ContentCopyIcon aria-hidden />}
        sx={{ flexShrink: 0, minHeight: 56, minWidth: 110 }}
      >
        {copy === 'copied' ? 'Copied' : 'Copy'}
      </Button>
    </Stack>
  );
}
