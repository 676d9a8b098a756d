import { MAX_KEY_LENGTH, normalizeKeyValue, parseKeyLines } from '../../server/src/inventory/key-lines';

describe('parseKeyLines', () => {
  it('takes one key per line, trimmed, skipping blank lines, with LF or CRLF', () => {
    const parsed = parseKeyLines('  AAAA-1111 \r\n\r\n\tBBBB-2222\n   \nCCCC-3333');
    expect(parsed.keys).toEqual([
      { line: 1, value: 'AAAA-1111' },
      { line: 3, value: 'BBBB-2222' },
      { line: 5, value: 'CCCC-3333' },
    ]);
    expect(parsed).toMatchObject({ invalid: [], repeated: [], lines: 3 });
  });

  it('reports lines that repeat an earlier one, and imports the first only', () => {
    const parsed = parseKeyLines('A\nB\nA\n A \nB');
    expect(parsed.keys.map((k) => k.value)).toEqual(['A', 'B']);
    expect(parsed.repeated).toEqual([3, 4, 5]);
  });

  it('refuses lines too long or holding control characters, by line number', () => {
    const parsed = parseKeyLines(`ok\n${'x'.repeat(MAX_KEY_LENGTH + 1)}\nnul\u0000key\n${'y'.repeat(MAX_KEY_LENGTH)}`);
    expect(parsed.keys.map((k) => k.line)).toEqual([1, 4]);
    expect(parsed.invalid).toEqual([
      { line: 2, reason: 'too-long' },
      { line: 3, reason: 'control-characters' },
    ]);
  });

  it('removes any white space and invisible characters around a key, and refuses them inside', () => {
    const parsed = parseKeyLines(
      '\ufeffFIRST-KEY\u00a0\nSECOND\u3000\r\n\u200bTHIRD\u200e\nIN\ufeffSIDE\nZERO\u200bWIDTH',
    );
    expect(parsed.keys.map((k) => k.value)).toEqual(['FIRST-KEY', 'SECOND', 'THIRD']);
    expect(parsed.invalid).toEqual([
      { line: 4, reason: 'invisible-characters' },
      { line: 5, reason: 'invisible-characters' },
    ]);
  });
});

describe('normalizeKeyValue', () => {
  it('is what import keeps, so a pasted key matches whatever surrounded it in the file', () => {
    expect(normalizeKeyValue(' \u00a0KEY-1\ufeff\t')).toBe('KEY-1');
    expect(normalizeKeyValue('KEY 2')).toBe('KEY 2');
  });
});
