import { describe, expect, test } from 'bun:test';
import { parseDialogueView } from './prefs';

describe('the remembered Listen choices', () => {
  test('everything shown at full speed until chosen otherwise', () => {
    expect(parseDialogueView(null)).toEqual({ arabizi: true, arabic: true, english: true, slow: false });
  });

  test('each stored choice is read on its own; an unreadable one is the default', () => {
    expect(parseDialogueView('{"arabic":false,"slow":true}')).toEqual({ arabizi: true, arabic: false, english: true, slow: true });
    expect(parseDialogueView('{"english":"no","arabizi":false}')).toEqual({ arabizi: false, arabic: true, english: true, slow: false });
    expect(parseDialogueView('not json')).toEqual({ arabizi: true, arabic: true, english: true, slow: false });
    expect(parseDialogueView('[false]')).toEqual({ arabizi: true, arabic: true, english: true, slow: false });
  });
});
