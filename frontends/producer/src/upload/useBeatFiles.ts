import { useEffect, useState } from 'react';
import { checkCover, isWav, MESSAGES, readHead, stemsKind } from './checks';

/** Reads a file's head and names what is wrong with it, or null (an unreadable file says so). */
async function headProblem(file: File, wrongKind: (head: Uint8Array) => boolean, problem: string) {
  try {
    return wrongKind(await readHead(file)) ? problem : null;
  } catch {
    return MESSAGES.fileRead;
  }
}

/** Step 1's three files, each checked when chosen (spec §5), and the cover art's preview. */
export function useBeatFiles(onNewWav: () => void) {
  const [cover, setCover] = useState<File>();
  const [coverError, setCoverError] = useState<string | null>(null);
  const [coverPreview, setCoverPreview] = useState<string>();
  const [wav, setWav] = useState<File>();
  const [wavError, setWavError] = useState<string | null>(null);
  const [stems, setStems] = useState<File>();
  const [stemsError, setStemsError] = useState<string | null>(null);

  useEffect(() => {
    if (!cover) return;
    const url = URL.createObjectURL(cover);
    setCoverPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [cover]);

  const chooseCover = async (file: File | undefined) => {
    setCover(undefined);
    setCoverError(null);
    if (!file) return;
    const problem = await checkCover(file);
    if (problem) setCoverError(problem);
    else setCover(file);
  };

  const chooseWav = async (file: File | undefined) => {
    // A new WAV clears the generated MP3 and snippet (spec §4).
    setWav(undefined);
    onNewWav();
    setWavError(null);
    if (!file) return;
    const problem = await headProblem(file, (head) => !isWav(head), MESSAGES.notWav);
    if (problem) setWavError(problem);
    else setWav(file);
  };

  const chooseStems = async (file: File | undefined) => {
    setStems(undefined);
    setStemsError(null);
    if (!file) return;
    const wrongKind = (head: Uint8Array) => !stemsKind(head) || !/\.(zip|rar)$/i.test(file.name);
    const problem = await headProblem(file, wrongKind, MESSAGES.notStems);
    if (problem) setStemsError(problem);
    else setStems(file);
  };

  const clear = () => {
    setCover(undefined);
    setWav(undefined);
    setStems(undefined);
  };

  return {
    cover,
    coverError,
    coverPreview,
    wav,
    wavError,
    stems,
    stemsError,
    chooseCover,
    chooseWav,
    chooseStems,
    clear,
  };
}
