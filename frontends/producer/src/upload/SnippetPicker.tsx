import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Slider, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin, { type Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import { SNIPPET_SECONDS, type DecodedAudio } from './audio';

export const ZOOM_MIN = 2;
export const ZOOM_MAX = 20;

/** A few thousand peaks per channel are plenty for the drawing (the decoded WAV is not decoded again). */
function peaks(samples: Float32Array, count = 4000): Float32Array {
  const out = new Float32Array(Math.min(count, samples.length));
  const step = samples.length / out.length;
  for (let i = 0; i < out.length; i++) {
    let max = 0;
    const end = Math.min(samples.length, Math.floor((i + 1) * step));
    for (let j = Math.floor(i * step); j < end; j++) max = Math.max(max, Math.abs(samples[j]!));
    out[i] = max;
  }
  return out;
}

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

type SnippetRegion = { start: number; end: number };

/** The WaveSurfer drawing with its snippet region, built once per WAV and following the region. */
function useWaveform(
  wav: File,
  audio: DecodedAudio,
  region: SnippetRegion,
  onChange: (region: SnippetRegion) => void,
  onReady: () => void,
) {
  const container = useRef<HTMLDivElement>(null);
  const surfer = useRef<WaveSurfer | null>(null);
  const regionRef = useRef<Region | null>(null);
  const [zoom, setZoom] = useState(ZOOM_MIN);
  const [playing, setPlaying] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;

  useEffect(() => {
    if (!container.current) return;
    const url = URL.createObjectURL(wav);
    const regions = RegionsPlugin.create();
    const ws = WaveSurfer.create({
      container: container.current,
      height: 96,
      waveColor: '#b794f4',
      progressColor: '#7c3aed',
      cursorColor: '#1f1f1f',
      minPxPerSec: ZOOM_MIN,
      url,
      peaks: [peaks(audio.channels[0])],
      duration: audio.duration,
      plugins: [regions],
    });
    surfer.current = ws;
    ws.on('ready', () => {
      regionRef.current = regions.addRegion({
        start: region.start,
        end: region.end,
        drag: true,
        resize: false,
        color: 'rgba(124, 58, 237, 0.25)',
        content: 'Snippet',
      });
      onReadyRef.current();
    });
    regions.on('region-updated', (updated) =>
      onChangeRef.current({ start: updated.start, end: updated.end }),
    );
    ws.on('play', () => setPlaying(true));
    ws.on('pause', () => setPlaying(false));
    return () => {
      ws.destroy();
      URL.revokeObjectURL(url);
      surfer.current = null;
      regionRef.current = null;
    };
    // The waveform is built once per WAV; the region follows through setOptions below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wav, audio]);

  useEffect(() => {
    const current = regionRef.current;
    if (
      current &&
      (Math.abs(current.start - region.start) > 0.01 || Math.abs(current.end - region.end) > 0.01)
    )
      current.setOptions({ start: region.start, end: region.end });
  }, [region.start, region.end]);

  const togglePreview = () => {
    const ws = surfer.current;
    if (!ws) return;
    if (ws.isPlaying()) ws.pause();
    else void ws.play(region.start, region.end);
  };

  return { container, surfer, zoom, setZoom, playing, togglePreview };
}

/**
 * The waveform with a draggable 30-second snippet region (spec §4 step 2, §5: default 60–90 s, zoom
 * slider 2 to 20). The region is moved with the mouse, or with the arrow keys on the slider below.
 */
export function SnippetPicker({
  wav,
  audio,
  region,
  onChange,
  onReady,
}: {
  wav: File;
  audio: DecodedAudio;
  region: SnippetRegion;
  onChange(region: SnippetRegion): void;
  onReady(): void;
}) {
  const { container, surfer, zoom, setZoom, playing, togglePreview } = useWaveform(
    wav,
    audio,
    region,
    onChange,
    onReady,
  );
  const length = region.end - region.start;
  return (
    <div>
      <div
        ref={container}
        role="img"
        aria-label={`Waveform of ${wav.name}; snippet from ${clock(region.start)} to ${clock(region.end)}`}
        style={{ width: '100%', overflowX: 'auto', border: '1px solid #f0f0f0', borderRadius: 8 }}
        data-testid="waveform"
      />
      <Space wrap style={{ marginTop: 12, width: '100%', justifyContent: 'space-between' }}>
        <Button
          icon={playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
          onClick={togglePreview}
          aria-pressed={playing}
        >
          {playing ? 'Pause snippet' : 'Play snippet'}
        </Button>
        <Typography.Text>
          Snippet: {clock(region.start)} – {clock(region.end)}
        </Typography.Text>
      </Space>
      <div style={{ marginTop: 12 }}>
        <Typography.Text id="snippet-start-label">Snippet start (seconds)</Typography.Text>
        <Slider
          min={0}
          max={Math.max(0, Math.floor(audio.duration - length))}
          value={Math.round(region.start)}
          onChange={(start: number) => onChange({ start, end: start + Math.min(SNIPPET_SECONDS, length) })}
          aria-labelledby="snippet-start-label"
        />
        <Typography.Text id="zoom-label">Zoom</Typography.Text>
        <Slider
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          value={zoom}
          onChange={(value: number) => {
            setZoom(value);
            surfer.current?.zoom(value);
          }}
          aria-labelledby="zoom-label"
        />
      </div>
    </div>
  );
}
