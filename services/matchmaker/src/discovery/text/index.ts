/*
 * Text search (issue 25 item 2): free text → beats, through a sentence model over each beat's DNA
 * description and an exact reading of the tempo, key, voice, genre and mood words the text states.
 */
export { textSearchRouter } from './api';
export { textSearchParts, type TextSearch } from './textSearch';
export { searchByText, textReference, TEXT_WEIGHTS } from './search';
export { understand, type QueryUnderstanding } from './understand';
export { TextIndex } from './textIndex';
export { describeBeat } from './description';
export { loadSentenceEncoder, type SentenceEncoder } from './sentenceModel';
