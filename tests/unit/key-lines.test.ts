import { MAX_KEY_LENGTH, parseKeyLines } from '../../server/src/inventory/key-lines';

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
});
