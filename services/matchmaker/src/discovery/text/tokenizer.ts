/**
 * The BERT uncased WordPiece tokenizer all-MiniLM-L6-v2 was trained with, read from its tokenizer.json
 * (the Hugging Face tokenizers format): BertNormalizer (clean, lower-case, accents stripped, CJK split),
 * BertPreTokenizer (whitespace and punctuation), WordPiece with '##' continuations, then
 * [CLS] … [SEP], cut to the model's 128 tokens.
 */
export interface Encoded {
  ids: number[];
}

interface TokenizerJson {
  model: { vocab: Record<string, number>; unk_token: string; max_input_chars_per_word?: number };
  truncation?: { max_length?: number } | null;
}

const isPunctuation = (char: string) => /[\p{P}\p{S}]/u.test(char);
const isCjk = (code: number) =>
  (code >= 0x4e00 && code <= 0x9fff) ||
  (code >= 0x3400 && code <= 0x4dbf) ||
  (code >= 0x20000 && code <= 0x2a6df) ||
  (code >= 0xf900 && code <= 0xfaff);

export class WordPieceTokenizer {
  private readonly vocab: Map<string, number>;
  private readonly unknown: number;
  private readonly cls: number;
  private readonly sep: number;
  private readonly maxLength: number;
  private readonly maxWordChars: number;

  constructor(json: TokenizerJson) {
    this.vocab = new Map(Object.entries(json.model.vocab));
    const id = (token: string) => {
      const found = this.vocab.get(token);
      if (found === undefined) throw new Error(`tokenizer.json has no ${token}`);
      return found;
    };
    this.unknown = id(json.model.unk_token);
    this.cls = id('[CLS]');
    this.sep = id('[SEP]');
    this.maxLength = json.truncation?.max_length ?? 128;
    this.maxWordChars = json.model.max_input_chars_per_word ?? 100;
  }

  /** Lower-cased, accents stripped, control characters dropped, CJK characters set apart. */
  private static normalise(text: string): string {
    let out = '';
    for (const char of text.toLowerCase().normalize('NFD')) {
      const code = char.codePointAt(0)!;
      if (code === 0 || code === 0xfffd || /\p{Mn}/u.test(char)) continue;
      if (/\p{Cc}/u.test(char) && !/\s/.test(char)) continue;
      out += isCjk(code) ? ` ${char} ` : /\s/.test(char) ? ' ' : char;
    }
    return out;
  }

  /** Words and punctuation marks, each punctuation mark a word of its own. */
  private static preTokenise(text: string): string[] {
    const words: string[] = [];
    for (const chunk of text.split(' ')) {
      let word = '';
      for (const char of chunk) {
        if (isPunctuation(char)) {
          if (word) words.push(word);
          words.push(char);
          word = '';
        } else word += char;
      }
      if (word) words.push(word);
    }
    return words;
  }

  /** Greedy longest-match-first WordPiece; a word that cannot be split is [UNK]. */
  private wordPieces(word: string): number[] {
    const chars = [...word];
    if (chars.length > this.maxWordChars) return [this.unknown];
    const pieces: number[] = [];
    let start = 0;
    while (start < chars.length) {
      let end = chars.length;
      let found: number | undefined;
      while (start < end) {
        const piece = (start > 0 ? '##' : '') + chars.slice(start, end).join('');
        found = this.vocab.get(piece);
        if (found !== undefined) break;
        end--;
      }
      if (found === undefined) return [this.unknown];
      pieces.push(found);
      start = end;
    }
    return pieces;
  }

  encode(text: string): Encoded {
    const ids = [this.cls];
    for (const word of WordPieceTokenizer.preTokenise(WordPieceTokenizer.normalise(text))) {
      ids.push(...this.wordPieces(word));
      if (ids.length >= this.maxLength - 1) break;
    }
    ids.length = Math.min(ids.length, this.maxLength - 1);
    ids.push(this.sep);
    return { ids };
  }
}
