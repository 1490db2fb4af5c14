import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { genreDisplayName, type CallAnswer } from '@beatmatch/contracts';
import { callAddress, createApiClient } from '../api/client';
import { ContentPage } from './Page';

const CLAIMS = [
  'Keep 100% of every sale, minus payment-method and card-processing fees. No commission.',
  'We do not train our AI on uploaded beats.',
  'Sell the same beats on other marketplaces too, if they were not sold exclusively and have no copyrighted samples.',
];

export function Producers() {
  return (
    <ContentPage title="For Producers" lead="Sell your beats with no commission">
      <ul>
        {CLAIMS.map((claim) => (
          <li key={claim}>{claim}</li>
        ))}
        <li>Every upload gets its DNA: analysis tags that bring your beat to the artists it fits.</li>
        <li>Three free uploads; plans raise the cap to 100, 500 or unlimited uploads.</li>
        <li>Join more than 1000 producers; get paid through 5 payout methods or in $BEAT.</li>
      </ul>
      <ExampleBeat />
      <p>
        <Link to="/signup">Create your free account</Link> ·{' '}
        <Link to="/policies/nonExclusive">The licence</Link> · <Link to="/help/faq">FAQ</Link>
      </p>
    </ContentPage>
  );
}

export function Artists() {
  return (
    <ContentPage title="For Artists" lead="Find your next hit">
      <p>
        Listen to beats and choose Pass or Match. Most artists find their beat within 15 minutes. More than
        800 artists already use Beatmatch.
      </p>
      <ul>
        <li>First Date Package: MP3 download.</li>
        <li>Relationship Package: MP3 and WAV download.</li>
        <li>Marriage Package: MP3, WAV and track stems.</li>
        <li>Free plan: 25 plays a day. Marketplace Pro removes the daily limit.</li>
      </ul>
      <ExampleBeat />
      <p>
        <Link to="/signup">Start matching for free</Link> ·{' '}
        <Link to="/policies/nonExclusive">What the licence allows</Link>
      </p>
    </ContentPage>
  );
}

export const AMBASSADORS = [
  { name: 'Kai Rivers', type: 'Producer' },
  { name: 'Nova Beats', type: 'Producer' },
  { name: 'Jaylen Cross', type: 'Artist' },
  { name: 'Mira Sol', type: 'Artist' },
  { name: 'DJ Atlas', type: 'Producer' },
  { name: 'Remy Vale', type: 'Producer' },
  { name: 'Tasha Bloom', type: 'Artist' },
  { name: 'Odin Keys', type: 'Producer' },
  { name: 'Lena Hart', type: 'Artist' },
  { name: 'Marcus Reign', type: 'Producer' },
];
export const MEDIA_AMBASSADOR = { name: 'The Beat Report', type: 'Media' };

export function Ambassadors() {
  const people = [...AMBASSADORS, MEDIA_AMBASSADOR];
  return (
    <ContentPage title="Ambassadors" lead="Our official ambassadors">
      <style>{`
        @keyframes ambassador-loop { from { transform: translateX(0); } to { transform: translateX(-50%); } }
        .ambassador-strip { display: flex; gap: 16px; width: max-content; animation: ambassador-loop 30s linear infinite; }
        @media (prefers-reduced-motion: reduce) { .ambassador-strip { animation: none; flex-wrap: wrap; width: auto; } }
      `}</style>
      <div style={{ overflow: 'hidden' }}>
        <ul
          className="ambassador-strip"
          data-testid="ambassador-strip"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {[...people, ...people].map((person, index) => (
            <li
              key={`${person.name}-${index}`}
              aria-hidden={index >= people.length ? true : undefined}
              style={{ border: '1px solid #eee', borderRadius: 8, padding: '12px 20px', minWidth: 180 }}
            >
              <strong>{person.name}</strong>
              <br />
              {person.type === 'Media' ? 'Media ambassador' : person.type}
            </li>
          ))}
        </ul>
      </div>
      <p>
        Want to join? Signed-in users find the programme under{' '}
        <Link to="/user/ambassadorProgram">Ambassador Program</Link>.
      </p>
    </ContentPage>
  );
}

export function About() {
  return (
    <ContentPage title="About" lead="Our mission, purpose and team">
      <h2>Mission</h2>
      <p>
        Connect every producer with the artists their beats are made for, and let producers keep what they
        earn.
      </p>
      <h2>Purpose</h2>
      <p>
        Beat stores reward whoever shouts loudest. We match by sound: every beat's DNA, every artist's taste.
      </p>
      <h2>From our founder</h2>
      <blockquote>
        “A great beat should never go unheard because its producer could not afford the marketing.”
      </blockquote>
      <h2>Team</h2>
      <p>A small team of engineers, producers and artists building Beatmatch together.</p>
    </ContentPage>
  );
}

export const ALLOCATION = [
  { label: 'Liquidity pool', percent: 70, color: '#1677ff' },
  { label: 'Marketing', percent: 20, color: '#52c41a' },
  { label: 'Team', percent: 10, color: '#fa8c16' },
];

function AllocationChart() {
  let start = 0;
  const r = 15.915; // circumference 100
  return (
    <figure style={{ display: 'flex', gap: 24, alignItems: 'center', flexWrap: 'wrap' }}>
      <svg
        viewBox="0 0 42 42"
        width={200}
        height={200}
        role="img"
        aria-label="Token allocation: 70% liquidity pool, 20% marketing, 10% team"
      >
        {ALLOCATION.map((slice) => {
          const circle = (
            <circle
              key={slice.label}
              cx={21}
              cy={21}
              r={r}
              fill="none"
              stroke={slice.color}
              strokeWidth={6}
              strokeDasharray={`${slice.percent} ${100 - slice.percent}`}
              strokeDashoffset={25 - start}
            />
          );
          start += slice.percent;
          return circle;
        })}
      </svg>
      <figcaption>
        <ul style={{ listStyle: 'none', padding: 0 }}>
          {ALLOCATION.map((slice) => (
            <li key={slice.label}>
              <span
                aria-hidden
                style={{
                  display: 'inline-block',
                  width: 12,
                  height: 12,
                  background: slice.color,
                  marginRight: 8,
                }}
              />
              {slice.percent}% {slice.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

function useWhitepaper(): string | null {
  const [link, setLink] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    createApiClient()
      .call('get_whitepaper')
      .then((body) => {
        const url = body?.url;
        if (live && typeof url === 'string' && /^(https?:\/\/|\/)/.test(url)) setLink(url);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return link;
}

export function Token() {
  const whitepaper = useWhitepaper();
  return (
    <ContentPage title="$BEAT" lead="The $BEAT token">
      <h2>Utility</h2>
      <p>
        Producers can take 10% to 100% of their payouts in $BEAT, paid on the first of each month to their
        wallet.
      </p>
      <h2>Allocation</h2>
      <AllocationChart />
      <h2>Roadmap</h2>
      <p>Phase 1 targets about 250,000 users, 2 percent of the market.</p>
      <h2>Impact</h2>
      <p>Every $BEAT payout is value kept by the producers who make the music.</p>
      <h2>Whitepaper</h2>
      <p>
        {whitepaper ? (
          <a href={whitepaper}>Read the whitepaper</a>
        ) : (
          'The whitepaper link will appear here when available.'
        )}
      </p>
    </ContentPage>
  );
}

export function Kickstarter() {
  return (
    <ContentPage title="Kickstarter" lead="Back the project">
      <p>
        We are raising funds to bring Beatmatch to more producers and artists: faster DNA analysis, mobile
        apps and more payout methods. Backers get early access to new features and a place on our{' '}
        <Link to="/pioneers">Pioneers</Link> page.
      </p>
      <p>
        Until the campaign opens, the best way to support us is to{' '}
        <Link to="/signup">create a free account</Link> and upload or match beats.
      </p>
    </ContentPage>
  );
}

/** The spec's Pioneer: usernameDisplay, lifetime_member (1 means lifetime). */
export type Pioneer = CallAnswer<'beatmatch_pioneers'>['pioneers'][number];

export function Pioneers() {
  const [reply, setReply] = useState<{ pioneers: Pioneer[]; uploads: number; milestone: number } | null>(
    null,
  );
  useEffect(() => {
    let live = true;
    createApiClient()
      .call('beatmatch_pioneers')
      .then((body) => {
        const list = Array.isArray(body?.pioneers) ? body.pioneers : [];
        if (!live) return;
        setReply({
          pioneers: list.filter((p): p is Pioneer => typeof (p as Pioneer)?.usernameDisplay === 'string'),
          uploads: typeof body?.uploads === 'number' ? body.uploads : 0,
          milestone: typeof body?.milestone === 'number' ? body.milestone : 10_000,
        });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <ContentPage title="Pioneers" lead="The producers who helped reach 10,000 beat uploads">
      <p>Lifetime members are shown in gold.</p>
      {reply ? (
        <p>
          {reply.uploads.toLocaleString('en-US')} of {reply.milestone.toLocaleString('en-US')} uploads so far.
        </p>
      ) : null}
      {reply && reply.pioneers.length > 0 ? (
        <ul className="pioneers">
          {reply.pioneers.map((p) => (
            <li
              key={p.usernameDisplay}
              style={p.lifetime_member === 1 ? { color: '#ad8b00', fontWeight: 600 } : undefined}
            >
              {p.usernameDisplay}
              {p.lifetime_member === 1 ? ' (lifetime member)' : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p>The list of pioneers is being compiled.</p>
      )}
    </ContentPage>
  );
}

/** The example beat, once one is published (before that the call answers `name: null`). */
type ExampleTags = Extract<CallAnswer<'beatmatch_example_get_tags'>, { name: string }>;

/**
 * The example beat of the marketing pages (`_example_get_tags`, `_example_drake`): a real beat of the
 * catalogue with its DNA. Nothing is shown until one is published.
 */
export function ExampleBeat() {
  const [example, setExample] = useState<ExampleTags | null>(null);
  useEffect(() => {
    let live = true;
    createApiClient()
      .call('beatmatch_example_get_tags')
      .then((body) => {
        if (live && body.name !== null) setExample(body);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!example) return null;
  const { data } = example;
  const rows: Array<[string, string]> = [
    ['Genre', data.genreTags.map(genreDisplayName).join(', ')],
    ['Mood', data.moodTags.join(', ')],
    ['Instruments', data.instrumentTags.join(', ')],
    ['Tempo', `${Math.round(data.bpmRangeAdjusted)} BPM`],
    ['Key', data.keyPrediction.value],
    ['Energy', `${Math.round(data.energyLevel * 100)}%`],
  ];
  return (
    <section aria-labelledby="example-beat">
      <h2 id="example-beat">Hear a beat and its DNA</h2>
      <p>
        <strong>{example.name}</strong> by {example.producerName}
      </p>
      <audio
        controls
        preload="none"
        src={callAddress('beatmatch_example_drake')}
        aria-label={`Play ${example.name}`}
      />
      <p>{data.transformerCaption}</p>
      <dl className="example-dna">
        {rows
          .filter(([, value]) => value)
          .map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
