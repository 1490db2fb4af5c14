import { CheckCircleOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { beatmatchSdk, catalogApi, type UploadFileType } from '@beatmatch/frontend-common/sdk';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Progress,
  Result,
  Space,
  Steps,
  Switch,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { cut, decodeWav, defaultSnippet, encodeMp3, type DecodedAudio } from './audio';
import { checkCover, isWav, MESSAGES, priceText, priceValue, readHead, stemsKind } from './checks';
import { SnippetPicker } from './SnippetPicker';
import { FILE_LABEL, PHASE_TEXT, runUpload, type UploadInput, type UploadPhase } from './uploadFlow';

type Step = 0 | 1 | 2;

interface Prices {
  firstDate: number | null;
  relationship: number | null;
  marriage: number | null;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : MESSAGES.uploadFailed);

/** The private option's helper text (what private means: the catalog's and the matchmaker's rules). */
export const PRIVATE_HELP =
  'Private beats are not shown to artists and have no prices. Manage Beats lists them with a Private badge.';

/** Free-cap banner: shown unless the producer is a lifer or subscribed (spec §2 Upload page). */
function useNeedsSubscription() {
  const [needs, setNeeds] = useState(false);
  useEffect(() => {
    let live = true;
    catalogApi(beatmatchSdk().api)
      .memberActiveStatus()
      .then((status) => live && setNeeds(!status.lifer && !status.subscribed))
      // Until commerce answers, every producer is on the free plan.
      .catch(() => live && setNeeds(true));
    return () => {
      live = false;
    };
  }, []);
  return needs;
}

function FilePicker({
  id,
  label,
  accept,
  file,
  error,
  onFile,
  hint,
}: {
  id: string;
  label: string;
  accept: string;
  file: File | undefined;
  error: string | null;
  hint?: string;
  onFile(file: File | undefined): void;
}) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={error ? 'error' : undefined}
      help={error ?? hint}
      style={{ marginBottom: 16 }}
    >
      <input
        id={id}
        type="file"
        accept={accept}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onFile(event.target.files?.[0])}
        aria-invalid={Boolean(error)}
        style={{ maxWidth: '100%' }}
      />
      {file ? (
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {file.name} ({(file.size / 1024 / 1024).toFixed(1)} MB)
        </Typography.Text>
      ) : null}
    </Form.Item>
  );
}

/** The upload wizard (producer-side spec §2 Upload page, §4 Upload wizard and phases, §5). */
export function UploadBeats() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const catalog = useMemo(() => catalogApi(beatmatchSdk().api), []);
  const needsSubscription = useNeedsSubscription();

  const [step, setStep] = useState<Step>(0);
  const [name, setName] = useState('');
  const [cover, setCover] = useState<File>();
  const [coverError, setCoverError] = useState<string | null>(null);
  const [coverPreview, setCoverPreview] = useState<string>();
  const [wav, setWav] = useState<File>();
  const [wavError, setWavError] = useState<string | null>(null);
  const [stems, setStems] = useState<File>();
  const [stemsError, setStemsError] = useState<string | null>(null);
  const [prices, setPrices] = useState<Prices>({ firstDate: null, relationship: null, marriage: null });
  // A private upload: no prices, no snippet step (spec §4: a single step with Upload).
  const [isPrivate, setIsPrivate] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  // Step 2: conversion and snippet.
  const [audio, setAudio] = useState<DecodedAudio>();
  const [mp3, setMp3] = useState<Blob>();
  const [converting, setConverting] = useState(0);
  const [waveReady, setWaveReady] = useState(false);
  const [region, setRegion] = useState({ start: 60, end: 90 });
  const conversion = useRef(0);

  // Step 3: phases and bars (a private upload converts its WAV here first).
  const [convertingForUpload, setConvertingForUpload] = useState(false);
  const [phase, setPhase] = useState<UploadPhase>();
  const [current, setCurrent] = useState<UploadFileType>();
  const [bars, setBars] = useState<Partial<Record<UploadFileType, number>>>({});
  const [uploaded, setUploaded] = useState<string>();

  // Prices prefilled with the last upload's.
  useEffect(() => {
    let live = true;
    catalog
      .lastUploadedPrice()
      .then(
        (last) =>
          live &&
          setPrices((now) => ({
            firstDate: now.firstDate ?? priceValue(last.firstDatePackage),
            relationship: now.relationship ?? priceValue(last.relationshipPackage),
            marriage: now.marriage ?? priceValue(last.marriagePackage),
          })),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [catalog]);

  // The tab-close warning while uploading (spec §4).
  useEffect(() => {
    if (step !== 2 || uploaded) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = MESSAGES.stillUploading;
      return MESSAGES.stillUploading;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [step, uploaded]);

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
    setAudio(undefined);
    setMp3(undefined);
    setWaveReady(false);
    setWavError(null);
    if (!file) return;
    try {
      if (!isWav(await readHead(file))) {
        setWavError(MESSAGES.notWav);
        return;
      }
    } catch {
      setWavError(MESSAGES.fileRead);
      return;
    }
    setWav(file);
  };

  const chooseStems = async (file: File | undefined) => {
    setStems(undefined);
    setStemsError(null);
    if (!file) return;
    try {
      if (!stemsKind(await readHead(file)) || !/\.(zip|rar)$/i.test(file.name)) {
        setStemsError(MESSAGES.notStems);
        return;
      }
    } catch {
      setStemsError(MESSAGES.fileRead);
      return;
    }
    setStems(file);
  };

  const priceFields = () => {
    const first = priceText(prices.firstDate);
    const second = priceText(prices.relationship);
    const third = stems ? priceText(prices.marriage) : { price: '-' };
    for (const field of [first, second, third]) if ('error' in field) return { error: field.error };
    return {
      firstDatePackagePrice: (first as { price: string }).price,
      relationshipPackagePrice: (second as { price: string }).price,
      marriagePackagePrice: (third as { price: string }).price,
    };
  };

  const startConversion = useCallback(async (file: File) => {
    const run = ++conversion.current;
    setConverting(0);
    try {
      const decoded = await decodeWav(file);
      if (run !== conversion.current) return;
      setAudio(decoded);
      setRegion(defaultSnippet(decoded.duration));
      const encoded = await encodeMp3(decoded, (done) => run === conversion.current && setConverting(done));
      if (run !== conversion.current) return;
      setConverting(1);
      setMp3(encoded);
    } catch {
      if (run !== conversion.current) return;
      setFormError(MESSAGES.fileRead);
      setStep(0);
    }
  }, []);

  /** Step 1's checks; a private beat needs no cover art and has no prices (spec §5). */
  const detailsProblem = (): string | null => {
    if (!name.trim()) return MESSAGES.nameRequired;
    if ((!cover && !isPrivate) || !wav) return MESSAGES.emptyFiles;
    if (coverError || wavError || stemsError) return coverError ?? wavError ?? stemsError;
    if (isPrivate) return null;
    const fields = priceFields();
    return 'error' in fields ? (fields.error ?? MESSAGES.priceRequired) : null;
  };

  const next = () => {
    setFormError(null);
    const problem = detailsProblem();
    if (problem) return setFormError(problem);
    if (!wav) return;
    if (isPrivate) return void uploadPrivate(wav);
    setStep(1);
    if (!mp3) void startConversion(wav);
  };

  const reset = () => {
    conversion.current++;
    setStep(0);
    setName('');
    setIsPrivate(false);
    setCover(undefined);
    setWav(undefined);
    setStems(undefined);
    setAudio(undefined);
    setMp3(undefined);
    setWaveReady(false);
    setPhase(undefined);
    setConvertingForUpload(false);
    setBars({});
    setCurrent(undefined);
  };

  const fail = (text: string) => {
    message.error(text);
    setFormError(text);
    setPhase(undefined);
    setConvertingForUpload(false);
    setStep(0);
  };

  /** Step 3 for either kind: the files in the spec's order, finalize, then the success text or step 1. */
  const send = async (input: UploadInput) => {
    try {
      await runUpload(catalog, input, {
        phase: setPhase,
        progress: (type, loaded, total) => {
          setCurrent(type);
          setBars((now) => ({ ...now, [type]: total > 0 ? Math.round((loaded / total) * 100) : 0 }));
        },
      });
      const done = `Uploaded ${input.name} successfully`;
      message.success(done);
      reset();
      setUploaded(done);
    } catch (error) {
      fail(errorText(error));
    }
  };

  /** A private upload from step 1: the WAV converted to the 320 kbps MP3 (the same worker), then sent. */
  const uploadPrivate = async (wavFile: File) => {
    setStep(2);
    setBars({});
    setCurrent(undefined);
    setPhase(undefined);
    let encoded = mp3;
    if (!encoded) {
      const run = ++conversion.current;
      setConverting(0);
      setConvertingForUpload(true);
      try {
        const decoded = await decodeWav(wavFile);
        if (run !== conversion.current) return;
        // Kept like step 2 keeps it: switching back to a public upload goes on with this MP3.
        setAudio(decoded);
        setRegion(defaultSnippet(decoded.duration));
        encoded = await encodeMp3(decoded, (done) => run === conversion.current && setConverting(done));
        if (run !== conversion.current) return;
      } catch {
        if (run === conversion.current) fail(MESSAGES.fileRead);
        return;
      }
      setConverting(1);
      setMp3(encoded);
      setConvertingForUpload(false);
    }
    await send({ kind: 'private', name: name.trim(), cover, mp3: encoded, wav: wavFile, stems });
  };

  const upload = async () => {
    const fields = priceFields();
    if (!cover || !wav || !mp3 || !audio || 'error' in fields) return;
    setStep(2);
    setBars({});
    setPhase('preparing');
    let snippet: Blob;
    try {
      snippet = await encodeMp3(cut(audio, region.start, region.end));
    } catch (error) {
      return fail(errorText(error));
    }
    await send({ kind: 'public', name: name.trim(), prices: fields, cover, snippet, mp3, wav, stems });
  };

  // The bars of step 3, in the order the files go (spec §4 File upload order).
  const files: UploadFileType[] = [
    ...(isPrivate ? [] : (['snippet'] as const)),
    'mp3',
    'wav',
    ...(stems ? (['trackout'] as const) : []),
  ];

  return (
    <div style={{ maxWidth: 760, margin: '0 auto', padding: '16px 8px' }}>
      {needsSubscription ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={MESSAGES.freeCap}
          action={
            <Button size="small" type="primary" onClick={() => navigate('../subscriptions')}>
              Subscribe
            </Button>
          }
          data-testid="free-cap-banner"
        />
      ) : null}
      {uploaded ? (
        <Result
          status="success"
          icon={<CheckCircleOutlined />}
          title={uploaded}
          subTitle="Its DNA test runs now; Manage Beats shows it as soon as it is done."
          extra={[
            <Button key="manage" type="primary" onClick={() => navigate('../manageBeats')}>
              Manage Beats
            </Button>,
            <Button key="again" onClick={() => setUploaded(undefined)}>
              Upload another beat
            </Button>,
          ]}
        />
      ) : (
        <Card>
          {/* A private upload has no snippet step: its details, then the upload (spec §4). */}
          <Steps
            current={isPrivate ? (step === 2 ? 1 : 0) : step}
            size="small"
            style={{ marginBottom: 24 }}
            items={
              isPrivate
                ? [{ title: 'Details' }, { title: 'Upload' }]
                : [{ title: 'Details' }, { title: 'Snippet' }, { title: 'Upload' }]
            }
          />
          {formError ? (
            <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} role="alert" />
          ) : null}
          {step === 0 ? (
            <Form layout="vertical" onFinish={next} requiredMark>
              <Form.Item
                label="Beat name"
                htmlFor="beat-name"
                required
                extra="Only the title: no producer name and no 'type beat'."
              >
                <Input
                  id="beat-name"
                  value={name}
                  maxLength={200}
                  onChange={(event) => setName(event.target.value)}
                  autoComplete="off"
                />
              </Form.Item>
              <Form.Item label="Private beat" htmlFor="private-beat" extra={PRIVATE_HELP}>
                <Switch id="private-beat" checked={isPrivate} onChange={setIsPrivate} />
              </Form.Item>
              <Space align="start" wrap style={{ width: '100%' }}>
                <FilePicker
                  id="cover-art"
                  label="Cover art (JPG or PNG, square, up to 2048x2048)"
                  accept="image/png,image/jpeg"
                  file={cover}
                  error={coverError}
                  hint={isPrivate ? 'Optional for a private beat.' : undefined}
                  onFile={(file) => void chooseCover(file)}
                />
                {coverPreview && cover ? (
                  <img
                    src={coverPreview}
                    alt="Chosen cover art"
                    width={72}
                    height={72}
                    style={{ borderRadius: 8, objectFit: 'cover' }}
                  />
                ) : null}
              </Space>
              <FilePicker
                id="wav-file"
                label="WAV file"
                accept=".wav,audio/wav,audio/x-wav"
                file={wav}
                error={wavError}
                onFile={(file) => void chooseWav(file)}
              />
              <FilePicker
                id="stems-file"
                label="Track stems (optional, .zip or .rar)"
                accept=".zip,.rar,application/zip,application/x-rar-compressed"
                file={stems}
                error={stemsError}
                hint={isPrivate ? undefined : 'Stems add the Marriage Package.'}
                onFile={(file) => void chooseStems(file)}
              />
              {wav && !isPrivate ? (
                <Space wrap size="large">
                  <Form.Item label="First Date Package (MP3)" htmlFor="price-first" required>
                    <InputNumber
                      id="price-first"
                      prefix="$"
                      min={0}
                      step={0.01}
                      precision={2}
                      value={prices.firstDate}
                      onChange={(value) => setPrices((now) => ({ ...now, firstDate: value }))}
                    />
                  </Form.Item>
                  <Form.Item label="Relationship Package (MP3 + WAV)" htmlFor="price-second" required>
                    <InputNumber
                      id="price-second"
                      prefix="$"
                      min={0}
                      step={0.01}
                      precision={2}
                      value={prices.relationship}
                      onChange={(value) => setPrices((now) => ({ ...now, relationship: value }))}
                    />
                  </Form.Item>
                  {stems ? (
                    <Form.Item label="Marriage Package (MP3 + WAV + stems)" htmlFor="price-third" required>
                      <InputNumber
                        id="price-third"
                        prefix="$"
                        min={0}
                        step={0.01}
                        precision={2}
                        value={prices.marriage}
                        onChange={(value) => setPrices((now) => ({ ...now, marriage: value }))}
                      />
                    </Form.Item>
                  ) : null}
                </Space>
              ) : null}
              {wav && !isPrivate ? (
                <Typography.Paragraph type="secondary">
                  A price of 0.00 is a free download.
                </Typography.Paragraph>
              ) : null}
              {isPrivate ? (
                <Button type="primary" htmlType="submit" icon={<CloudUploadOutlined />}>
                  Upload
                </Button>
              ) : (
                <Button type="primary" htmlType="submit">
                  Next
                </Button>
              )}
            </Form>
          ) : null}
          {step === 1 && wav ? (
            <div>
              {!mp3 ? (
                <div role="status" style={{ marginBottom: 16 }}>
                  <Typography.Text>Hang tight! Converting your WAV to MP3</Typography.Text>
                  <Progress percent={Math.round(converting * 100)} aria-label="MP3 conversion" />
                </div>
              ) : null}
              {audio ? (
                <SnippetPicker
                  wav={wav}
                  audio={audio}
                  region={region}
                  onChange={setRegion}
                  onReady={() => setWaveReady(true)}
                />
              ) : null}
              <Space style={{ marginTop: 16 }}>
                <Button onClick={() => setStep(0)}>Back</Button>
                <Button
                  type="primary"
                  icon={<CloudUploadOutlined />}
                  disabled={!mp3 || !waveReady}
                  onClick={() => void upload()}
                >
                  Upload
                </Button>
              </Space>
            </div>
          ) : null}
          {step === 2 && convertingForUpload ? (
            <div role="status" style={{ marginBottom: 16 }}>
              <Typography.Text>Hang tight! Converting your WAV to MP3</Typography.Text>
              <Progress percent={Math.round(converting * 100)} aria-label="MP3 conversion" />
            </div>
          ) : null}
          {step === 2 && !convertingForUpload ? (
            <div role="status" aria-live="polite">
              <Typography.Paragraph strong>
                {phase ? PHASE_TEXT[phase] : PHASE_TEXT.preparing}
              </Typography.Paragraph>
              {current ? <Typography.Paragraph>Uploading {FILE_LABEL[current]}</Typography.Paragraph> : null}
              {files.map((type) => (
                <div key={type} style={{ marginBottom: 8 }}>
                  <Typography.Text>{FILE_LABEL[type]}</Typography.Text>
                  <Progress percent={bars[type] ?? 0} aria-label={`Upload of the ${FILE_LABEL[type]}`} />
                </div>
              ))}
            </div>
          ) : null}
        </Card>
      )}
    </div>
  );
}
