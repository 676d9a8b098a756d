import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { LIMITS } from '../../../../../common/validation';

/** A list's search runs once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The text typed, once it has not changed for `delay` ms. */
export function useDebounced(value: string, delay: number = SEARCH_DEBOUNCE_MS): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

interface ListSearchFieldProps {
  /** "Search customers". */
  label: string;
  /** What can be typed: "Name or e-mail". */
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box of an admin list's toolbar: full width on a phone, the API's length limit (100). */
export function ListSearchField({ label, placeholder, value, onChange }: ListSearchFieldProps) {
  return (
    <TextField
      type="search"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      size="small"
      sx={{ width: { xs: '100%', sm: 360 } }}
      slotProps={{
        htmlInput: { maxLength: LIMITS.guideSearch },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
