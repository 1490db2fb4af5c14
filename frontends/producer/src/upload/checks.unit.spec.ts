import {
  checkChangedCover,
  checkCover,
  isWav,
  MESSAGES,
  nameProblem,
  priceText,
  priceValue,
  stemsKind,
} from './checks';

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));
const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 'JFIF');
const blob = (data: Uint8Array) => new Blob([data as Uint8Array<ArrayBuffer>]);
const size = (width: number, height: number) => async () => ({ width, height });

describe('upload checks', () => {
  it('knows a WAV by its RIFF/WAVE header', () => {
    expect(isWav(bytes('RIFF', 0, 0, 0, 0, 'WAVE', 'fmt '))).toBe(true);
    expect(isWav(bytes('ID3', 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))).toBe(false);
    expect(isWav(bytes('RIFF', 0, 0, 0, 0, 'AVI '))).toBe(false);
  });

  it('knows stems archives by signature', () => {
    expect(stemsKind(bytes('PK', 3, 4, 20, 0))).toBe('zip');
    expect(stemsKind(bytes('Rar!', 0x1a, 0x07, 0))).toBe('rar');
    expect(stemsKind(bytes('RIFF', 0, 0))).toBeNull();
  });

  it("checks the cover art with the spec's messages", async () => {
    await expect(checkCover(blob(PNG), size(1000, 1000))).resolves.toBeNull();
    await expect(checkCover(blob(JPEG), size(2048, 2048))).resolves.toBeNull();
    await expect(checkCover(blob(bytes('GIF89a', 0, 0)), size(10, 10))).resolves.toBe(MESSAGES.coverType);
    await expect(checkCover(blob(PNG), size(300, 200))).resolves.toBe(MESSAGES.coverSquare);
    await expect(checkCover(blob(PNG), size(4096, 4096))).resolves.toBe(MESSAGES.coverTooLarge);
    const broken = async () => {
      throw new Error('decode');
    };
    await expect(checkCover(blob(PNG), broken)).resolves.toBe(MESSAGES.coverUnreadable);
  });

  it("checks a changed cover with Manage Beats' wording", async () => {
    await expect(checkChangedCover(undefined)).resolves.toBe('Please select a valid image file.');
    await expect(checkChangedCover(blob(bytes('GIF89a')), size(1, 1))).resolves.toBe(
      'Only JPG and PNG files are allowed.',
    );
    await expect(checkChangedCover(blob(PNG), size(3, 2))).resolves.toBe(
      'Image must have a 1:1 aspect ratio.',
    );
    await expect(checkChangedCover(blob(PNG), size(512, 512))).resolves.toBeNull();
  });

  it('writes prices with 2 decimals and refuses what the spec refuses (never $0.00 by accident)', () => {
    expect(priceText('19.9')).toEqual({ price: '19.90' });
    expect(priceText(' 25 ')).toEqual({ price: '25.00' });
    expect(priceText('0')).toEqual({ price: '0.00' });
    expect(priceText('-5')).toEqual({ error: 'Prices can not be negative.' });
    expect(priceText('abc')).toEqual({ error: 'Prices must be in dollars with at most 2 decimals.' });
    expect(priceText('1.234')).toEqual({ error: 'Prices must be in dollars with at most 2 decimals.' });
    expect(priceText('')).toEqual({ error: 'Prices are required.' });
    expect(priceText(null)).toEqual({ error: 'Prices are required.' });
    expect(priceValue('-')).toBe('');
    expect(priceValue('39.99')).toBe('39.99');
  });

  it('refuses a blank name, one too long, and control or text-direction characters', () => {
    const control = 'Beat name can not contain control or text-direction characters.';
    expect(nameProblem('  ')).toBe(MESSAGES.nameRequired);
    expect(nameProblem('x'.repeat(5000))).toBe('Beat name must be at most 200 characters.');
    for (const name of ['Ring\u0007', '\u001b[31mRed', 'Evil\u202Eepyt', 'A\u2066B', 'C1\u0085'])
      expect(nameProblem(name)).toBe(control);
    expect(nameProblem('Ünïcödé – fine')).toBeNull();
  });
});
